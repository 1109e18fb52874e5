import { IrError, invalidRequest, type IrMessage, type IrRequest, type IrWarning, type Result } from '@interlingua/ir';
import {
  OPENAI_RESPONSES_STYLE,
  findCompactionItems,
  type OpenAiResponsesRequestExtensions,
} from '@interlingua/openai-responses';
import { openCompaction, type CompactionOpenFailure } from './compaction-seal.js';
import { isGatewayResponseId, type ResponseStore, type StoredResponse } from './response-store.js';

/** Leads the system note a gateway compaction item becomes. */
export const COMPACTION_NOTE_PREFIX =
  'Summary of the earlier part of this conversation (compacted by the gateway):\n\n';

/** A Responses request in IR with the gateway's own state expanded. */
export interface PreparedConversation {
  ir: IrRequest;
  warnings: IrWarning[];
  /** Index in `ir.messages` of this turn's first input message. */
  inputStart: number;
  /** The gateway response this request continues, when it names one of the gateway's ids. */
  previous?: StoredResponse[];
  /** Gateway-only content (stored history, gateway compaction items) was expanded: the body cannot go upstream as is. */
  rewritten: boolean;
  /** Why only an OpenAI Responses upstream can take this request (OpenAI-minted state). */
  openAiOnly: string[];
}

export interface ConversationContext {
  store: ResponseStore;
  /** The caller's gateway key name. */
  key: string;
  /** The compaction secret, when configured. */
  secret: string | undefined;
  /** The compaction keyring's earlier secrets. */
  previousSecrets?: readonly string[];
}

function requestExtensions(ir: IrRequest): OpenAiResponsesRequestExtensions {
  return (ir.extensions?.[OPENAI_RESPONSES_STYLE] ?? {}) as OpenAiResponsesRequestExtensions;
}

function withExtensions(ir: IrRequest, ext: OpenAiResponsesRequestExtensions): IrRequest {
  return { ...ir, extensions: { ...ir.extensions, [OPENAI_RESPONSES_STYLE]: ext as Record<string, unknown> } };
}

const COMPACTION_OPEN_FAILURES: Record<CompactionOpenFailure, string> = {
  'other-key':
    'The input holds a compaction item that was made under another API key: an item opens only for the key that compacted the conversation',
  unreadable:
    'The input holds a compaction item whose encrypted_content was altered or was sealed with a secret this gateway no longer holds (not responses.compaction.secret nor one of its previousSecrets)',
};

/**
 * Replaces every compaction item the gateway sealed (`ilg1.`) by a system note holding its
 * summary; items sealed by OpenAI are left for an OpenAI Responses upstream and reported.
 */
function openCompactionItems(
  ir: IrRequest,
  keyring: Pick<ConversationContext, 'secret' | 'previousSecrets'>,
  keyId: string,
  openAiOnly: string[],
): { ir: IrRequest; opened: boolean } {
  const found = findCompactionItems(ir);
  if (found.length === 0) return { ir, opened: false };
  const messages = [...ir.messages];
  const openedIndexes = new Set<number>();
  for (const item of found) {
    const opaque = item.part.opaque;
    if (opaque?.origin !== 'interlingua') {
      openAiOnly.push(
        `the input holds a compaction item sealed by OpenAI${item.id ? ` (${item.id})` : ''}, which only OpenAI can open`,
      );
      continue;
    }
    const { secret, previousSecrets } = keyring;
    if (secret === undefined) {
      throw invalidRequest(
        'The input holds a compaction item sealed by this gateway, but no compaction secret is configured (responses.compaction.secret), so it cannot be opened',
        'input',
      );
    }
    const opened = openCompaction(opaque.data, { secret, keyId, ...(previousSecrets ? { previousSecrets } : {}) });
    if (!opened.ok) throw invalidRequest(COMPACTION_OPEN_FAILURES[opened.reason], 'input');
    messages[item.messageIndex] = {
      role: 'system',
      content: [{ type: 'text', text: `${COMPACTION_NOTE_PREFIX}${opened.contents.summary}` }],
    };
    openedIndexes.add(item.messageIndex);
  }
  if (openedIndexes.size === 0) return { ir, opened: false };
  const ext = requestExtensions(ir);
  const compaction = ext.compaction?.filter((ref) => !openedIndexes.has(ref.message));
  return { ir: withExtensions({ ...ir, messages }, { ...ext, compaction }), opened: true };
}

/** The messages a stored conversation is made of: each turn's input, then its answer. */
export function historyMessages(chain: readonly StoredResponse[]): IrMessage[] {
  return chain.flatMap((entry) =>
    entry.output.length > 0
      ? [...entry.inputMessages, { role: 'assistant' as const, content: entry.output }]
      : entry.inputMessages,
  );
}

/**
 * Inserts earlier turns before this turn's input (after the `instructions` message, which is not
 * carried over), moving the positions the codec kept in extensions along, and drops
 * `previous_response_id` from the fields sent upstream.
 */
export function insertHistory(ir: IrRequest, history: IrMessage[]): { ir: IrRequest; inputStart: number } {
  const ext = requestExtensions(ir);
  const at = ext.instructions ? 1 : 0;
  const count = history.length;
  const shift = (index: number): number => (index >= at ? index + count : index);
  const { previous_response_id: _dropped, ...fields } = ext.fields ?? {};
  const moved: OpenAiResponsesRequestExtensions = {
    ...ext,
    fields,
    ...(ext.items ? { items: ext.items.map((entry) => ({ ...entry, before: shift(entry.before) })) } : {}),
    ...(ext.messageItems
      ? { messageItems: ext.messageItems.map((entry) => ({ ...entry, message: shift(entry.message) })) }
      : {}),
    ...(ext.compaction ? { compaction: ext.compaction.map((ref) => ({ ...ref, message: shift(ref.message) })) } : {}),
  };
  const messages = [...ir.messages.slice(0, at), ...history, ...ir.messages.slice(at)];
  return { ir: withExtensions({ ...ir, messages }, moved), inputStart: at + count };
}

function stringField(json: Record<string, unknown>, name: string): string | undefined {
  const value = json[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length === 0)
    throw invalidRequest(`${name}: must be a non-empty string`, name);
  return value;
}

/** Why a request body needs OpenAI itself: an OpenAI `previous_response_id` or a `conversation`. */
export function openAiStateReasons(json: Record<string, unknown>): string[] {
  const reasons: string[] = [];
  const previousId = stringField(json, 'previous_response_id');
  if (previousId !== undefined && !isGatewayResponseId(previousId))
    reasons.push(`previous_response_id '${previousId}' was not issued by this gateway`);
  if (json.conversation !== undefined && json.conversation !== null)
    reasons.push('conversation names an OpenAI conversation');
  return reasons;
}

/**
 * Decodes a Responses (or compact) request and expands what only the gateway knows: the stored
 * conversation behind one of its `previous_response_id`s, and compaction items it sealed. State
 * minted by OpenAI (its response ids, conversations, sealed items) is reported in `openAiOnly`.
 */
export async function prepareConversation(
  json: Record<string, unknown>,
  decode: (json: Record<string, unknown>) => Result<IrRequest>,
  context: ConversationContext,
): Promise<PreparedConversation> {
  const openAiOnly = openAiStateReasons(json);
  const previousId = stringField(json, 'previous_response_id');
  const decoded = decode(json);
  const opened = openCompactionItems(decoded.value, context, context.key, openAiOnly);
  const start = requestExtensions(opened.ir).instructions ? 1 : 0;
  if (previousId === undefined || !isGatewayResponseId(previousId)) {
    return { ir: opened.ir, warnings: decoded.warnings, inputStart: start, rewritten: opened.opened, openAiOnly };
  }
  const previous = await context.store.chain(previousId, context.key, 'previous_response_id');
  const inserted = insertHistory(opened.ir, historyMessages(previous));
  return {
    ir: inserted.ir,
    warnings: decoded.warnings,
    inputStart: inserted.inputStart,
    previous,
    rewritten: true,
    openAiOnly,
  };
}

/** The 400 for OpenAI-minted state on a route with no OpenAI Responses upstream. */
export function openAiOnlyError(model: string, reasons: readonly string[]): IrError {
  return new IrError({
    kind: 'invalid-request',
    message: `${reasons.join('; ')}: only an OpenAI Responses upstream can continue it, and model '${model}' is not routed to one`,
    // A previous_response_id no upstream of the route can know is not found, as OpenAI says of ids it does not have.
    ...(reasons[0]?.startsWith('previous_response_id')
      ? { code: 'previous_response_not_found', param: 'previous_response_id' }
      : { code: 'unsupported_state', param: 'input' }),
    source: 'gateway',
  });
}
