import type { GenerationStyle } from '@interlingua/provider-adapters';
import type { ServerResponse } from 'node:http';
import { readWireRequest, type WireRequest } from '@interlingua/gateway/test-support';
import {
  loadRecording,
  recordingJson,
  recordingSseBody,
  sendJson,
  sendSse,
  startLoopbackUpstream,
  type LoopbackUpstream,
  type ReceivedRequest,
  type Recording,
} from '@interlingua/testkit';

/**
 * A loopback upstream that answers every generation wire with real recorded provider answers
 * (packages/testkit/recorded). The upstream model id names what to answer (`text`, `tool`,
 * `loop`, `structured`, `error`); streaming requests get the recorded stream of the same kind,
 * paced event by event so that deltas reach the client spread over time.
 */
export type AnswerKind = 'text' | 'tool' | 'loop' | 'structured' | 'error';
const ANSWER_KINDS: readonly string[] = ['text', 'tool', 'loop', 'structured', 'error'];

/** Pause between the events of a recorded stream. */
export const STREAM_PACE_MS = 1;

interface WireRecordings {
  text: string;
  textStream: string;
  tool: string;
  toolStream: string;
  structured: string;
  error: string;
}

const RECORDED: Record<GenerationStyle, WireRecordings> = {
  'openai-chat': {
    text: 'openai-chat/01-text.json',
    textStream: 'openai-chat/03-text-stream-after-tool.sse',
    tool: 'openai-chat/09-tool-call.json',
    toolStream: 'openai-chat/04-tool-call-stream.sse',
    structured: 'openai-chat/10-structured-output-json-schema.json',
    error: 'openai-chat/17-error-404-model-not-found.json',
  },
  'openai-responses': {
    text: 'openai-responses/01-text.json',
    textStream: 'openai-responses/02-text-stream.sse',
    tool: 'openai-responses/05-function-call.json',
    toolStream: 'openai-responses/03-function-call-stream.sse',
    structured: 'openai-responses/12-structured-output-json-schema.json',
    error: 'openai-responses/15-error-400-model-not-found.json',
  },
  'anthropic-messages': {
    text: 'anthropic-messages/01-text.json',
    textStream: 'anthropic-messages/02-text-stream.chunks.jsonl',
    tool: 'anthropic-messages/05-thinking-tool-use.json',
    toolStream: 'anthropic-messages/07-text-then-tool-use-stream.sse',
    structured: 'anthropic-messages/14-structured-output.json',
    error: 'anthropic-messages/18-error-404-model-not-found.json',
  },
  gemini: {
    text: 'gemini/01-text.json',
    textStream: 'gemini/02-text-stream.sse',
    tool: 'gemini/05-function-call.json',
    toolStream: 'gemini/07-function-call-stream.sse',
    structured: 'gemini/11-structured-output.json',
    error: 'gemini/13-error-404-model-not-found.json',
  },
};

const EMBEDDINGS = {
  openai: 'embeddings/01-openai-float.json',
  gemini: 'embeddings/04-gemini-batch-embed.json',
} as const;

/** The recording a request of `kind` gets from an upstream speaking `wire`. */
export function recordingFor(wire: GenerationStyle, kind: Exclude<AnswerKind, 'loop'>, stream: boolean): Recording {
  const files = RECORDED[wire];
  const file =
    kind === 'text'
      ? stream
        ? files.textStream
        : files.text
      : kind === 'tool'
        ? stream
          ? files.toolStream
          : files.tool
        : kind === 'structured'
          ? files.structured
          : files.error;
  return loadRecording(file);
}

/** What a recording means, read from its sidecar. */
export interface RecordedMeaning {
  text: string;
  toolCall?: { name: string; args: Record<string, unknown> };
  status: number;
  errorMessage?: string;
}

export function meaningOf(recording: Recording): RecordedMeaning {
  const expect = recording.expect as {
    text?: string | null;
    tool_calls?: Array<{ name: string; arguments: Record<string, unknown> }>;
    error?: { message?: string };
  };
  const call = expect.tool_calls?.[0];
  return {
    text: expect.text ?? '',
    ...(call ? { toolCall: { name: call.name, args: call.arguments } } : {}),
    status: recording.http_status,
    ...(expect.error?.message ? { errorMessage: expect.error.message } : {}),
  };
}

/** The recorded embedding vector of an upstream style. */
export function recordedEmbedding(style: keyof typeof EMBEDDINGS): number[] {
  const body = recordingJson(loadRecording(EMBEDDINGS[style])) as {
    data?: Array<{ embedding: number[] }>;
    embeddings?: Array<{ values: number[] }>;
  };
  return body.data?.[0]?.embedding ?? body.embeddings?.[0]?.values ?? [];
}

/** Whether a request carries the result of a tool call (the second step of a tool loop). */
export function carriesToolResult(request: WireRequest): boolean {
  const body = request.body;
  const list = (value: unknown): Array<Record<string, unknown>> =>
    Array.isArray(value) ? (value as Array<Record<string, unknown>>) : [];
  switch (request.wire) {
    case 'openai-chat':
      return list(body.messages).some((m) => m.role === 'tool');
    case 'openai-responses':
      return list(body.input).some((item) => item.type === 'function_call_output');
    case 'anthropic-messages':
      return list(body.messages).some((m) => list(m.content).some((block) => block.type === 'tool_result'));
    case 'gemini':
      return list(body.contents).some((c) => list(c.parts).some((part) => part.functionResponse !== undefined));
  }
}

/**
 * The Responses API treats a function tool without `strict` as strict by default, and clients
 * (the AI SDK) leave it out; the request schema lists it as required because the gateway must
 * send it when it translates. A client's own tools reach the upstream as sent on the same-style
 * path, so the default is filled in here before the schema check.
 */
function withResponsesToolDefaults(request: ReceivedRequest): ReceivedRequest {
  if (!request.url.split('?')[0]?.endsWith('/responses')) return request;
  const body = request.json() as { tools?: Array<Record<string, unknown>> };
  if (!Array.isArray(body.tools)) return request;
  const tools = body.tools.map((tool) =>
    tool.type === 'function' && !('strict' in tool) ? { ...tool, strict: null } : tool,
  );
  const text = JSON.stringify({ ...body, tools });
  return { ...request, body: Buffer.from(text), json: () => JSON.parse(text) as unknown };
}

/**
 * Holds a recorded text stream after its first text event until the client reports a delta, so
 * that a test can tell deltas relayed as they come from a stream delivered in one piece.
 */
export interface StreamGate {
  /** 0 while the upstream holds the rest of the stream, 1 once it sent it. */
  readonly phase: 0 | 1;
  /** The client saw a delta: the upstream may go on. */
  deltaSeen(): void;
}

/** How long a gated stream waits for the client's first delta before it sends the rest anyway. */
const GATE_LIMIT_MS = 3_000;

export interface RecordedUpstream extends LoopbackUpstream {
  /** Every generation request read, in order (a string when it broke the provider's schema). */
  generations: Array<WireRequest | string>;
  /** Gates the next streamed text answer (see StreamGate). */
  gateNextStream(): StreamGate;
}

/** Whether an SSE event of a wire carries answer text. */
function carriesText(wire: GenerationStyle, event: string): boolean {
  const data = event
    .split(/\r?\n/)
    .find((line) => line.startsWith('data:'))
    ?.slice(5)
    .trim();
  if (!data || data === '[DONE]') return false;
  const json = JSON.parse(data) as Record<string, unknown> & {
    choices?: Array<{ delta?: { content?: string } }>;
    delta?: { type?: string };
    candidates?: Array<{ content?: { parts?: Array<{ text?: string }> } }>;
  };
  if (wire === 'openai-chat') return (json.choices?.[0]?.delta?.content ?? '') !== '';
  if (wire === 'openai-responses') return json.type === 'response.output_text.delta';
  if (wire === 'anthropic-messages') return json.type === 'content_block_delta' && json.delta?.type === 'text_delta';
  return (json.candidates?.[0]?.content?.parts ?? []).some((part) => (part.text ?? '') !== '');
}

/** Sends a recorded stream event by event, holding it after its first text event until the gate opens. */
async function sendGatedSse(
  response: ServerResponse,
  wire: GenerationStyle,
  body: string,
  gate: { opened: Promise<void>; release(): void },
): Promise<void> {
  const events = body.split(/(?<=\r?\n\r?\n)/).filter((event) => event.trim().length > 0);
  const first = events.findIndex((event) => carriesText(wire, event));
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const [i, event] of events.entries()) {
    if (response.destroyed) return;
    response.write(event);
    if (i === first) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([gate.opened, new Promise<void>((resolve) => (timer = setTimeout(resolve, GATE_LIMIT_MS)))]);
      clearTimeout(timer);
      gate.release();
    }
    await new Promise((resolve) => setTimeout(resolve, STREAM_PACE_MS));
  }
  response.end();
}

/** Starts the recorded upstream on an ephemeral loopback port. */
export async function startRecordedUpstream(): Promise<RecordedUpstream> {
  const generations: Array<WireRequest | string> = [];
  let armed: { opened: Promise<void>; release(): void } | undefined;
  const upstream = await startLoopbackUpstream(async (request, response) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.endsWith('/embeddings')) return sendJson(response, 200, recordingJson(loadRecording(EMBEDDINGS.openai)));
    if (path.endsWith(':batchEmbedContents'))
      return sendJson(response, 200, recordingJson(loadRecording(EMBEDDINGS.gemini)));
    const read = readWireRequest(withResponsesToolDefaults(request));
    generations.push(read);
    if (typeof read === 'string') return sendJson(response, 400, { error: { message: read } });
    if (!ANSWER_KINDS.includes(read.model))
      return sendJson(response, 400, { error: { message: `no recorded answer for model ${read.model}` } });
    const asked = read.model as AnswerKind;
    const kind = asked === 'loop' ? (carriesToolResult(read) ? 'text' : 'tool') : asked;
    const recording = recordingFor(read.wire, kind, read.stream && kind !== 'error' && kind !== 'structured');
    if (recording.streaming && kind === 'text' && armed) {
      const gate = armed;
      armed = undefined;
      return sendGatedSse(response, read.wire, recordingSseBody(recording), gate);
    }
    if (recording.streaming) return sendSse(response, recordingSseBody(recording), { delayMs: STREAM_PACE_MS });
    return sendJson(response, recording.http_status, recording.body);
  });
  const gateNextStream = (): StreamGate => {
    let phase: 0 | 1 = 0;
    let seen = () => undefined as void;
    const opened = new Promise<void>((resolve) => (seen = resolve));
    armed = { opened, release: () => void (phase = 1) };
    return {
      get phase() {
        return phase;
      },
      deltaSeen: () => seen(),
    };
  };
  return Object.assign(upstream, { generations, gateNextStream });
}
