import type { ServerResponse } from 'node:http';
import type { IrContentPart, IrMessage, IrRequest } from '@interlingua/ir';
import { sendJson, sendSse } from '@interlingua/testkit';

/**
 * How the agent-task upstream plays a model through a compaction: the summary it writes when an
 * agent (or the gateway, for Codex on a translated upstream) asks it to summarise the session, how
 * it finds what the task has done from whatever the history still holds (tool results, or the
 * summary that replaced them), and, as an OpenAI Responses upstream, Codex's remote compaction:
 * a request ending with `compaction_trigger` is answered with exactly one `compaction` item whose
 * encrypted content only this upstream can open, and a later request carrying that item back is
 * read as the summary it sealed.
 */

/** The words a summarising answer (an agent compacting its session) starts with. */
export const SUMMARY_HEAD = 'SESSION SUMMARY:';

/** Prefix of the compaction items this upstream mints as an OpenAI Responses upstream. */
const SEAL_PREFIX = 'agent-task-compaction:';

/** Every piece of text the request carries: texts, tool calls' arguments, tool results. */
export function allText(messages: readonly IrMessage[]): string {
  const partText = (part: IrContentPart): string => {
    if (part.type === 'text') return part.text;
    if (part.type === 'tool-call') return part.argumentsJson;
    if (part.type === 'tool-result') return part.content.map(partText).join('\n');
    if (part.type === 'reasoning' && part.opaque?.data.startsWith(SEAL_PREFIX)) return openSeal(part.opaque.data);
    return '';
  };
  return messages.map((message) => message.content.map(partText).join('\n')).join('\n');
}

/** What the task has done, read from the history: the secret read, the file written, the command's output. */
export interface Progress {
  secret?: string;
  wrote: boolean;
  printed?: string;
}

export function progressOf(text: string, writeText: string): Progress {
  const secret = /secret word: ([a-z0-9]+)/.exec(text)?.[1];
  const printed = /(\d+) bytes written/.exec(text)?.[0];
  return {
    ...(secret === undefined ? {} : { secret }),
    wrote: text.includes(writeText) || text.includes('answer.txt written'),
    ...(printed === undefined ? {} : { printed }),
  };
}

/** The index of the next step (0 read, 1 write, 2 run, 3 answer) from what has been done. */
export function nextStep(progress: Progress): number {
  if (progress.secret === undefined) return 0;
  if (!progress.wrote) return 1;
  return progress.printed === undefined ? 2 : 3;
}

/** The start of the instruction the gateway sends when it emulates a remote compaction. */
const GATEWAY_COMPACTION = 'You compact conversations between a user and an AI assistant';

/** Words of the summarising requests agents make when they compact (theirs, or the gateway's for Codex). */
const SUMMARY_ASK =
  /create a detailed summary|summari[sz]e the conversation|state_snapshot|You compact conversations|context checkpoint|context summarization/i;

/** Whether the request asks for a summary of the session: in its first or last two messages of the user's side. */
export function isSummaryRequest(request: IrRequest): boolean {
  const asked = request.messages
    .filter((message) => message.role !== 'assistant' && message.role !== 'tool')
    .map((message) => allText([message]));
  return asked.slice(-2).some((text) => SUMMARY_ASK.test(text)) || SUMMARY_ASK.test(asked[0] ?? '');
}

/** Whether the summary is asked by the gateway emulating Codex's remote compaction on another wire. */
export function isGatewayCompaction(messages: readonly IrMessage[]): boolean {
  return allText(messages).includes(GATEWAY_COMPACTION);
}

/** Whether the request carries a summary this upstream wrote (the turn after a compaction). */
export function carriesSummary(messages: readonly IrMessage[]): boolean {
  return allText(messages).includes(SUMMARY_HEAD);
}

/** The summary of the session so far: what was asked and what is done, with what later steps need. */
export function summaryText(readFile: string, progress: Progress): string {
  const done = [
    ...(progress.secret === undefined ? [] : [`${readFile} read (The secret word: ${progress.secret})`]),
    ...(progress.wrote ? ['answer.txt written'] : []),
    ...(progress.printed === undefined ? [] : [`the command printed "${progress.printed}"`]),
  ];
  return `${SUMMARY_HEAD} the user asked to read ${readFile}, write answer.txt and count its bytes. Done so far: ${
    done.length === 0 ? 'nothing' : done.join('; ')
  }. Continue with the next step.`;
}

/** Whether a Responses request body ends with Codex's `compaction_trigger` item. */
export function isCompactionTrigger(body: Record<string, unknown>): boolean {
  const input = body.input;
  return Array.isArray(input) && (input.at(-1) as { type?: unknown } | undefined)?.type === 'compaction_trigger';
}

function seal(summary: string): string {
  return `${SEAL_PREFIX}${Buffer.from(summary, 'utf8').toString('base64')}`;
}

function openSeal(data: string): string {
  return Buffer.from(data.slice(SEAL_PREFIX.length), 'base64').toString('utf8');
}

/** The messages before the trigger, as IR (the trigger item itself has no IR form and is cut off first). */
export function withoutTrigger(body: Record<string, unknown>): Record<string, unknown> {
  return { ...body, input: (body.input as unknown[]).slice(0, -1) };
}

/** Answers a remote compaction as OpenAI does: one `compaction` output item, streamed or not. */
export function sendCompaction(
  response: ServerResponse,
  request: { model: string; stream: boolean },
  summary: string,
): Promise<void> | void {
  const created = Math.floor(Date.now() / 1000);
  const item = { type: 'compaction', id: `cmp_${created}`, encrypted_content: seal(summary) };
  const usage = {
    input_tokens: 200,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 40,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 240,
  };
  const base = { id: `resp_compaction_${created}`, object: 'response', created_at: created, model: request.model };
  const done = { ...base, status: 'completed', output: [item], usage };
  if (!request.stream) return sendJson(response, 200, done);
  const events: Array<Record<string, unknown>> = [
    { type: 'response.created', response: { ...base, status: 'in_progress', output: [] } },
    { type: 'response.output_item.added', output_index: 0, item },
    { type: 'response.output_item.done', output_index: 0, item },
    { type: 'response.completed', response: done },
  ];
  const body = events
    .map(
      (event, index) =>
        `event: ${String(event.type)}\ndata: ${JSON.stringify({ ...event, sequence_number: index })}\n\n`,
    )
    .join('');
  return sendSse(response, body, { delayMs: 1 });
}
