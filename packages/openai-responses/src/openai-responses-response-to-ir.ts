import { callArgumentsJson } from './openai-responses-call-arguments.js';
import { callNameToIr } from './openai-responses-namespaces.js';
import type { IrContentPart, IrResponse, Result } from '@interlingua/ir';
import { IrError, ok } from '@interlingua/ir';
import { CitationBudget } from '@interlingua/ir-utils';
import {
  OPENAI_RESPONSES_STYLE,
  type OpenAiResponsesResponseExtensions,
  compactRecord,
} from './openai-responses-extensions.js';
import {
  type OpenAiResponsesLenientResponse,
  openAiResponsesLenientFunctionCallSchema,
  openAiResponsesLenientMessageSchema,
  openAiResponsesLenientReasoningSchema,
  openAiResponsesResponseSchema,
} from './openai-responses-response-schema.js';
import { mcpItemSchemaOf, mcpItemToIr } from './openai-responses-mcp.js';
import { reasoningItemToIr } from './openai-responses-reasoning-to-ir.js';
import { OPENAI_RESPONSES_ECHO_FIELDS } from './openai-responses-strict-response-schema.js';
import { urlCitationsToIr, webSearchCallToIr } from './openai-responses-search-results.js';
import { openAiResponsesUsageToIr } from './openai-responses-usage-to-ir.js';
import { openAiResponsesFinishReason } from './map/openai-responses-status.js';

type Item = Record<string, unknown> & { type: string };

/** Collects IR parts and the extensions that keep what the IR cannot. */
class OutputReader {
  readonly parts: IrContentPart[] = [];
  readonly ext: Required<Pick<OpenAiResponsesResponseExtensions, 'outputItems' | 'itemIds' | 'annotations'>> = {
    outputItems: [],
    itemIds: {},
    annotations: {},
  };
  hasFunctionCalls = false;
  readonly #citations = new CitationBudget();

  read(item: Item, index: number): void {
    if (!this.#mapped(item)) this.ext.outputItems.push({ index, item });
  }

  #push(part: IrContentPart, id: string | null | undefined): void {
    if (id) this.ext.itemIds[String(this.parts.length)] = id;
    this.parts.push(part);
  }

  #mapped(item: Item): boolean {
    if (item.type === 'message') {
      const message = openAiResponsesLenientMessageSchema.safeParse(item);
      if (!message.success) return false;
      for (const part of message.data.content) {
        if (part.type === 'refusal') this.#push({ type: 'refusal', text: part.refusal ?? '' }, message.data.id);
        else if (part.type === 'output_text') {
          const text = part.text ?? '';
          const citations = urlCitationsToIr(part.annotations, text, { budget: this.#citations });
          if (!citations && part.annotations && part.annotations.length > 0)
            this.ext.annotations[String(this.parts.length)] = part.annotations;
          this.#push(citations ? { type: 'text', text, citations } : { type: 'text', text }, message.data.id);
        }
      }
      return true;
    }
    if (item.type === 'function_call') {
      const call = openAiResponsesLenientFunctionCallSchema.safeParse(item);
      if (!call.success) return false;
      this.hasFunctionCalls = true;
      this.#push(
        {
          type: 'tool-call',
          id: call.data.call_id,
          name: callNameToIr(call.data.name, item.namespace),
          argumentsJson: callArgumentsJson(call.data.arguments ?? ''),
        },
        call.data.id,
      );
      return true;
    }
    if (item.type === 'web_search_call') {
      this.#push(webSearchCallToIr(item), typeof item.id === 'string' ? item.id : undefined);
      return true;
    }
    const mcp = item.type === 'mcp_approval_response' ? undefined : mcpItemSchemaOf(item.type)?.safeParse(item);
    if (mcp) {
      if (mcp.success) this.parts.push(mcpItemToIr(mcp.data));
      return mcp.success;
    }
    if (item.type === 'reasoning') {
      const reasoning = openAiResponsesLenientReasoningSchema.safeParse(item);
      if (!reasoning.success) return false;
      this.#push(reasoningItemToIr(reasoning.data), reasoning.data.id);
      return true;
    }
    return false;
  }
}

function echoFields(body: OpenAiResponsesLenientResponse): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of OPENAI_RESPONSES_ECHO_FIELDS) if (body[key] !== undefined) out[key] = body[key];
  return out;
}

function parseBody(wire: unknown): OpenAiResponsesLenientResponse {
  const parsed = openAiResponsesResponseSchema.safeParse(wire);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'not an object';
  throw new IrError({
    kind: 'upstream-error',
    message: `The upstream answer is not a Responses object (${where})`,
    source: 'upstream',
    raw: wire,
  });
}

/**
 * A Responses answer -> IR (one choice). A `web_search_call` becomes a web-search part and
 * `url_citation` annotations the text's citations; unknown output items (`compaction`, …), item
 * ids, other annotations and echoed request fields are kept in `extensions['openai-responses']`.
 * Throws `upstream-error` when the body is not a response.
 */
export function openAiResponsesResponseToIr(wire: unknown): Result<IrResponse> {
  const body = parseBody(wire);
  const reader = new OutputReader();
  body.output.forEach((item, index) => reader.read(item, index));
  const finishReason = openAiResponsesFinishReason(
    body.status,
    body.incomplete_details?.reason,
    reader.hasFunctionCalls,
  );
  const ir: IrResponse = {
    id: body.id,
    model: body.model,
    created: body.created_at,
    choices: [{ index: 0, content: reader.parts, finishReason }],
  };
  if (body.usage) ir.usage = openAiResponsesUsageToIr(body.usage);
  // OpenAI bills each web search call; its usage does not count them.
  const searches = reader.parts.filter((part) => part.type === 'web-search').length;
  if (ir.usage && searches > 0) ir.usage.webSearchRequests = searches;
  const ext: OpenAiResponsesResponseExtensions = { ...reader.ext, fields: echoFields(body) };
  if (body.error?.message) ext.error = { code: body.error.code ?? 'server_error', message: body.error.message };
  const extensions = compactRecord(ext);
  if (Object.keys(extensions).length > 0) ir.extensions = { [OPENAI_RESPONSES_STYLE]: extensions };
  return ok(ir);
}
