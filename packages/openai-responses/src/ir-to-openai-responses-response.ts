import type { IrContentPart, IrReasoningPart, IrResponse, IrWarning, Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import { type OpenAiResponsesResponseExtensions, readResponseExtensions } from './openai-responses-extensions.js';
import { functionCallName, type NamespacedName, namespacedToolNames } from './openai-responses-namespaces.js';
import { irMcpPartToItem, isMcpAnswerPart, mcpItemPrefix } from './openai-responses-mcp.js';
import { generatedItemId, newResponseId, type OpenAiResponsesItemPrefix } from './openai-responses-item-ids.js';
import { irCitationsToUrlCitations, irSearchToWebSearchCall } from './openai-responses-search-results.js';
import { buildResponseObject, responseStatusForFinish } from './openai-responses-response-object.js';
import {
  type OpenAiResponsesEcho,
  type OpenAiResponsesErrorCode,
  type OpenAiResponsesOutputItem,
  type OpenAiResponsesResponse,
  openAiResponsesErrorCodeSchema,
} from './openai-responses-strict-response-schema.js';

type MessageContent = Array<
  | { type: 'output_text'; text: string; annotations: Array<{ type: string }>; logprobs: [] }
  | { type: 'refusal'; refusal: string }
>;

/** A reasoning output item; encrypted content only when it came from OpenAI. */
export function reasoningOutputItem(part: IrReasoningPart, id: string): OpenAiResponsesOutputItem {
  const item: Record<string, unknown> = {
    type: 'reasoning',
    id,
    summary: part.text === '' ? [] : [{ type: 'summary_text', text: part.text }],
  };
  if (part.opaque?.origin === 'openai') item.encrypted_content = part.opaque.data;
  return item as OpenAiResponsesOutputItem;
}

/** Builds output items from the parts of one IR choice. */
class OutputWriter {
  readonly items: OpenAiResponsesOutputItem[] = [];
  #message: { id: string | undefined; content: MessageContent } | undefined;

  readonly #responseId: string;
  readonly #ext: OpenAiResponsesResponseExtensions;
  readonly #warnings: IrWarning[];
  readonly #namespaced: ReadonlyMap<string, NamespacedName>;

  constructor(
    responseId: string,
    ext: OpenAiResponsesResponseExtensions,
    warnings: IrWarning[],
    namespaced: ReadonlyMap<string, NamespacedName>,
  ) {
    this.#responseId = responseId;
    this.#ext = ext;
    this.#warnings = warnings;
    this.#namespaced = namespaced;
  }

  #idFor(partIndex: number, prefix: OpenAiResponsesItemPrefix): string {
    return this.#ext.itemIds?.[String(partIndex)] ?? generatedItemId(prefix, this.#responseId, this.items.length);
  }

  part(part: IrContentPart, p: number): void {
    if (part.type === 'text' || part.type === 'refusal') return this.#content(part, p);
    this.flush();
    if (part.type === 'tool-call') {
      const id = this.#idFor(p, 'fc');
      const callId = part.id || generatedItemId('call', this.#responseId, this.items.length);
      this.items.push({
        type: 'function_call',
        id,
        call_id: callId,
        ...functionCallName(part.name, this.#namespaced),
        arguments: part.argumentsJson,
        status: 'completed',
      });
    } else if (part.type === 'web-search') {
      this.items.push(irSearchToWebSearchCall(part, this.#idFor(p, 'ws')) as OpenAiResponsesOutputItem);
    } else if (part.type === 'reasoning') {
      this.items.push(
        reasoningOutputItem(
          part,
          part.opaque?.origin === 'openai' && part.opaque.itemId ? part.opaque.itemId : this.#idFor(p, 'rs'),
        ),
      );
    } else if (isMcpAnswerPart(part)) {
      const id = part.id || generatedItemId(mcpItemPrefix(part), this.#responseId, this.items.length);
      this.items.push(irMcpPartToItem(part, id) as OpenAiResponsesOutputItem);
    } else {
      this.#warnings.push({
        kind: 'dropped',
        field: `choices[0].content[${p}]`,
        message: `a ${part.type} part has no Responses output item`,
      });
    }
  }

  #content(part: Extract<IrContentPart, { type: 'text' | 'refusal' }>, p: number): void {
    const id = this.#ext.itemIds?.[String(p)];
    if (!this.#message || this.#message.id !== id) {
      this.flush();
      this.#message = { id, content: [] };
    }
    if (part.type === 'refusal') this.#message.content.push({ type: 'refusal', refusal: part.text });
    else {
      const { citations, text } = part;
      const annotations = citations?.length
        ? irCitationsToUrlCitations(citations, text)
        : ((this.#ext.annotations?.[String(p)] ?? []) as Array<{ type: string }>);
      // The answer carries no token log probabilities: an empty list, as OpenAI writes when none were asked for.
      this.#message.content.push({ type: 'output_text', text: part.text, annotations, logprobs: [] });
    }
  }

  flush(): void {
    const message = this.#message;
    this.#message = undefined;
    if (!message) return;
    const id = message.id ?? generatedItemId('msg', this.#responseId, this.items.length);
    this.items.push({ type: 'message', id, role: 'assistant', status: 'completed', content: message.content });
  }
}

/** IR parts -> output items, with the items kept in extensions put back at their index. */
export function irPartsToOutputItems(
  parts: IrContentPart[],
  responseId: string,
  ext: OpenAiResponsesResponseExtensions,
  warnings: IrWarning[],
  namespaced: ReadonlyMap<string, NamespacedName> = new Map(),
): OpenAiResponsesOutputItem[] {
  const writer = new OutputWriter(responseId, ext, warnings, namespaced);
  parts.forEach((part, p) => writer.part(part, p));
  writer.flush();
  const items = writer.items;
  for (const entry of ext.outputItems ?? [])
    items.splice(Math.min(entry.index, items.length), 0, entry.item as OpenAiResponsesOutputItem);
  return items;
}

function failure(ext: OpenAiResponsesResponseExtensions): { code: OpenAiResponsesErrorCode; message: string } {
  const code = openAiResponsesErrorCodeSchema.safeParse(ext.error?.code);
  return { code: code.success ? code.data : 'server_error', message: ext.error?.message ?? 'The response failed.' };
}

/**
 * IR -> a Responses answer that passes the strict schema. `echo` fills the echoed request fields
 * (`instructions`, `tools`, `temperature`, …); without it, fields kept from an upstream answer or
 * the API defaults are used. Only choice 0 is written.
 */
export function openAiResponsesResponseFromIr(
  ir: IrResponse,
  echo?: OpenAiResponsesEcho,
): Result<OpenAiResponsesResponse> {
  const ext = readResponseExtensions(ir.extensions);
  const warnings: IrWarning[] = [];
  const [choice, ...others] = ir.choices;
  if (others.length > 0)
    warnings.push({
      kind: 'dropped',
      field: 'choices',
      message: 'Responses answers carry one choice; only the first is sent',
    });
  const id = ir.id || newResponseId();
  // Calls of the request's namespaced tools go back split (`namespace` and inner `name`).
  const namespaced = namespacedToolNames(echo?.tools);
  const output = irPartsToOutputItems(choice?.content ?? [], id, ext, warnings, namespaced);
  const status = responseStatusForFinish(choice?.finishReason ?? { unified: 'stop', raw: null });
  const response = buildResponseObject(
    {
      id,
      created: ir.created,
      model: ir.model,
      output,
      ...status,
      ...(ir.usage ? { usage: ir.usage } : {}),
      error: status.status === 'failed' ? failure(ext) : null,
    },
    { ...(ext.fields as OpenAiResponsesEcho | undefined), ...echo },
  );
  return ok(response, warnings);
}
