import type { ServerResponse } from 'node:http';
import type { IrStreamEvent } from '@interlingua/ir';
import { serializeSseMessages } from '@interlingua/ir-utils';
import { codecFor, type GenerationStyle } from '@interlingua/provider-adapters';
import { sendJson, sendSse, type ReceivedRequest } from '@interlingua/testkit';
import { COMPACTION_INSTRUCTION } from '../responses/compaction-transcript.js';
import { readWireRequest, type WireRequest } from './upstream-wires.test-support.js';

/**
 * The conversation Codex keeps before it compacts, as its history serialises to input items
 * (codex-rs `ResponseItem`): the developer message with permissions, the user's environment
 * context and request, a reasoning item with its encrypted content (minted by the gateway on a
 * translated upstream, so left out here), a shell call and its output, and the assistant's answer.
 */
export const CODEX_HISTORY: Array<Record<string, unknown>> = [
  {
    type: 'message',
    role: 'developer',
    content: [
      {
        type: 'input_text',
        text: '<permissions instructions>Filesystem sandboxing: workspace-write.</permissions instructions>',
      },
    ],
  },
  {
    type: 'message',
    role: 'user',
    content: [
      {
        type: 'input_text',
        text: '<environment_context>\n  <cwd>/work/demo</cwd>\n  <shell>bash</shell>\n</environment_context>',
      },
    ],
  },
  {
    type: 'message',
    role: 'user',
    content: [{ type: 'input_text', text: 'List the files and tell me what notes.txt says.' }],
  },
  {
    type: 'function_call',
    name: 'exec_command',
    arguments: '{"cmd":"cat notes.txt","workdir":"/work/demo"}',
    call_id: 'call_exec_1',
  },
  {
    type: 'function_call_output',
    call_id: 'call_exec_1',
    output: 'Chunk ID: 1\nProcess exited with code 0\nOutput:\nbuy milk; ship release 4.2',
  },
  {
    type: 'message',
    role: 'assistant',
    content: [{ type: 'output_text', text: 'notes.txt says: buy milk; ship release 4.2.' }],
    phase: 'final_answer',
  },
];

/** The tools Codex offers with every turn, compaction included (function tools, flat). */
export const CODEX_TOOLS: Array<Record<string, unknown>> = [
  {
    type: 'function',
    name: 'exec_command',
    description: 'Runs a command in a PTY, returning output or a session ID for ongoing interaction.',
    strict: false,
    parameters: {
      type: 'object',
      properties: { cmd: { type: 'string' }, workdir: { type: 'string' } },
      required: ['cmd'],
      additionalProperties: false,
    },
  },
  {
    type: 'function',
    name: 'update_plan',
    description: 'Updates the task plan.',
    strict: false,
    parameters: {
      type: 'object',
      properties: { plan: { type: 'array', items: { type: 'object' } } },
      required: ['plan'],
      additionalProperties: false,
    },
  },
];

/**
 * The body of Codex's remote compaction ("compaction v2", codex-rs
 * `compact_remote_v2_attempt.rs`): an ordinary streamed Responses request built from its prompt,
 * whose input is the history followed by `{"type":"compaction_trigger"}`.
 */
export function codexCompactionRequest(model: string): Record<string, unknown> {
  return {
    model,
    instructions: 'You are Codex, a coding agent based on GPT-5. You and the user share the same workspace.',
    input: [...CODEX_HISTORY, { type: 'compaction_trigger' }],
    tools: CODEX_TOOLS,
    tool_choice: 'auto',
    parallel_tool_calls: true,
    reasoning: { effort: 'medium', summary: 'auto' },
    store: false,
    stream: true,
    include: ['reasoning.encrypted_content'],
    prompt_cache_key: '019ac4e2-7f61-7d30-9b51-3d1c2f0e8a11',
    text: { verbosity: 'medium' },
  };
}

/** The first line of the summary the scripted model writes. */
export const SUMMARY_HEAD = 'Summary for the next context window:';

/** What one scripted upstream received, decoded for its wire (schema problems become a 400 to the gateway). */
export interface Received extends WireRequest {
  summarising: boolean;
}

function answerText(request: WireRequest): string {
  const text = JSON.stringify(request.body);
  if (!text.includes(COMPACTION_INSTRUCTION.slice(0, 60))) return 'Continuing from the summary.';
  const note = /notes\.txt says: ([^."\\]+)/.exec(text)?.[1] ?? 'nothing recorded';
  return `${SUMMARY_HEAD} the user asked what notes.txt says; exec_command showed "${note}".`;
}

function answerEvents(wire: GenerationStyle, text: string): IrStreamEvent[] {
  return [
    { type: 'response-start', id: `up_${wire}`, model: 'upstream-model', created: 1_700_000_000 },
    { type: 'text-start', index: 0 },
    { type: 'text-delta', index: 0, delta: text.slice(0, 20) },
    { type: 'text-delta', index: 0, delta: text.slice(20) },
    { type: 'text-end', index: 0 },
    { type: 'usage-update', usage: { inputTokens: 120, outputTokens: 30, totalTokens: 150 } },
    { type: 'finish', finishReason: { unified: 'stop', raw: null } },
  ];
}

/**
 * A scripted model behind a loopback upstream of any wire: every request is checked against the
 * provider's documented schema and kept in `received`; a summarising request (the gateway's
 * compaction instruction) gets a summary naming what the transcript showed, any other a short
 * answer, streamed or not as asked.
 */
export function scriptedUpstream(received: Received[]): (request: ReceivedRequest, response: ServerResponse) => void {
  return (request, response) => {
    const read = readWireRequest(request);
    if (typeof read === 'string') return sendJson(response, 400, { error: { message: read } });
    const text = answerText(read);
    received.push({ ...read, summarising: text.startsWith(SUMMARY_HEAD) });
    const codec = codecFor(read.wire);
    const events = answerEvents(read.wire, text);
    if (read.stream) {
      const encoder = codec.stream.createEncoder();
      return sendSse(
        response,
        serializeSseMessages([...events.flatMap((event) => encoder.push(event)), ...encoder.end()]),
      );
    }
    const answer = codec.response.fromIr({
      id: `up_${read.wire}`,
      model: 'upstream-model',
      created: 1_700_000_000,
      choices: [{ index: 0, content: [{ type: 'text', text }], finishReason: { unified: 'stop', raw: null } }],
      usage: { inputTokens: 120, outputTokens: 30, totalTokens: 150 },
    });
    return sendJson(response, 200, answer.value);
  };
}

/** The conversation of the last request an upstream received, as role and text per turn (any wire). */
export function lastTurns(received: readonly Received[]): Array<{ role: string; text: string }> {
  const last = received.at(-1);
  if (!last) throw new Error('the upstream received nothing');
  const body = last.body;
  const textOf = (value: unknown): string => JSON.stringify(value);
  if (last.wire === 'gemini') {
    const system = body.systemInstruction ? [{ role: 'system', text: textOf(body.systemInstruction) }] : [];
    return [
      ...system,
      ...((body.contents as Array<{ role: string; parts: unknown }>) ?? []).map((turn) => ({
        role: turn.role,
        text: textOf(turn.parts),
      })),
    ];
  }
  if (last.wire === 'anthropic-messages') {
    const system = body.system ? [{ role: 'system', text: textOf(body.system) }] : [];
    return [
      ...system,
      ...((body.messages as Array<{ role: string; content: unknown }>) ?? []).map((turn) => ({
        role: turn.role,
        text: textOf(turn.content),
      })),
    ];
  }
  return ((body.messages as Array<{ role: string; content: unknown }>) ?? []).map((turn) => ({
    role: turn.role,
    text: textOf(turn.content),
  }));
}
