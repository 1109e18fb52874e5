import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { IrContentPart, IrMessage, IrRequest, IrResponse, IrStreamEvent, IrUsage } from '@interlingua/ir';
import { serializeSseMessages } from '@interlingua/ir-utils';
import { codecFor, type GenerationStyle } from '@interlingua/provider-adapters';
import { readWireRequest } from '@interlingua/gateway/test-support';
import { sendJson, sendSse, startLoopbackUpstream, type LoopbackUpstream } from '@interlingua/testkit';
import {
  alteredRefusal,
  checkSignatures,
  SIGNATURE_ORIGIN,
  signatureFor,
} from './agent-task-signatures.test-support.js';
import {
  allText,
  carriesSummary,
  isCompactionTrigger,
  isGatewayCompaction,
  isSummaryRequest,
  nextStep,
  progressOf,
  sendCompaction,
  summaryText,
  withoutTrigger,
} from './upstream-compaction.test-support.js';
import { stepCall, type TaskSteps } from './agent-task-tool-calls.test-support.js';

/**
 * A loopback upstream of any generation wire playing a model that does one multi-step coding task
 * with whatever tools the agent offers: read a file, write a file, run a command, then answer with
 * what it read and what the command printed. Every step thinks first and signs its thinking the
 * way its wire does (Anthropic thinking signature, Gemini thought signature on the call, Responses
 * encrypted reasoning; chat carries no signature), and every later request is checked for those
 * signatures coming back unchanged: an altered one is refused with a 400 as the provider would, a
 * missing one is counted as lost. Requests the agent makes beside the task (titles, routing,
 * summaries, next-speaker checks) get a short answer, JSON when a schema is asked for.
 */

/** The task an agent run does, and how the upstream reports its usage. */
export interface AgentTask extends TaskSteps {
  /**
   * Report each request's input tokens as 1,000 plus a token per 4 characters of the tool results
   * it carries (instead of a constant 200), so that an agent counting its context from the reported
   * usage sees it grow with a big tool output, compacts when it passes the agent's limit, and sees
   * it shrink again once the summary has replaced that output.
   */
  measuredUsage?: boolean;
}

/** The words every final answer starts with. */
export const ANSWER_HEAD = 'TASK DONE.';

export type StepKind = 'read' | 'write' | 'run' | 'answer' | 'aside' | 'summary';

/** One request the upstream answered, as the suite logs it. */
export interface UpstreamTurn {
  /** When the request arrived (ms since the epoch). */
  at: number;
  wire: GenerationStyle;
  model: string;
  stream: boolean;
  step: StepKind;
  /** The tool names the agent offered. */
  tools: string[];
  /** The call the model made, when it made one. */
  call?: { name: string; args: Record<string, unknown> };
  /** The request carried the summary of a compaction this upstream wrote (the session went on after compacting). */
  afterSummary: boolean;
  /**
   * A remote compaction: Codex's `compaction_trigger` reaching this upstream (answered with one
   * `compaction` item), or the gateway's own summarising request emulating it on another wire.
   */
  remote?: 'trigger' | 'emulated';
  /** Signatures of earlier steps this request carried back unchanged, altered, or without. */
  signatures: { kept: number; altered: number; lost: number };
  /** The start of the last tool result the request carried (what the agent's tool returned). */
  lastResult?: string;
  status: number;
  /** Why the request was refused, when it was. */
  refusal?: string;
}

/** A request that broke its provider's documented schema (answered 400, as the provider would). */
export interface RejectedRequest {
  url: string;
  body: string;
  problem: string;
}

export interface AgentTaskUpstream extends LoopbackUpstream {
  turns: UpstreamTurn[];
  rejected: RejectedRequest[];
  /**
   * Sets the task an agent run does: for requests naming `model` when given (runs side by side,
   * each with its own model name), else for every other request.
   */
  setTask(task: AgentTask, model?: string): void;
}

function textOf(parts: readonly IrContentPart[]): string {
  return parts
    .map((part) => (part.type === 'text' ? part.text : part.type === 'tool-result' ? textOf(part.content) : ''))
    .join('\n');
}

function toolResults(messages: readonly IrMessage[]): string[] {
  return messages.flatMap((message) =>
    message.content.flatMap((part) => (part.type === 'tool-result' ? [textOf(part.content)] : [])),
  );
}

/** A JSON value that satisfies a (simple) JSON schema: the first enum value, empty strings, nested objects. */
function instanceOf(schema: Record<string, unknown> | undefined): unknown {
  if (!schema) return {};
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties) {
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries((schema.properties as Record<string, Record<string, unknown>>) ?? {}))
      out[name] = instanceOf(value);
    return out;
  }
  if (type === 'array') return [];
  if (type === 'boolean') return false;
  if (type === 'number' || type === 'integer') return 0;
  return 'scripted';
}

/** How many calls in the history ran the task's command already (their output was lost, or the step would be done). */
function runsOf(task: AgentTask, messages: readonly IrMessage[]): number {
  const command = JSON.stringify(task.command).slice(1, -1);
  return messages
    .flatMap((message) => message.content)
    .filter((part) => part.type === 'tool-call' && part.argumentsJson.includes(command)).length;
}

interface Answer {
  step: StepKind;
  content: IrContentPart[];
  call?: { name: string; args: Record<string, unknown> };
}

/** What the model answers to `request`, given the task and what it has done so far. */
function answerFor(wire: GenerationStyle, task: AgentTask, request: IrRequest): Answer {
  const tools = request.tools ?? [];
  if (isSummaryRequest(request)) {
    const progress = progressOf(allText(request.messages), task.writeText);
    return { step: 'summary', content: [{ type: 'text', text: summaryText(task.readFile, progress) }] };
  }
  if (request.responseFormat?.type === 'json-schema')
    return {
      step: 'aside',
      content: [{ type: 'text', text: JSON.stringify(instanceOf(request.responseFormat.schema)) }],
    };
  if (request.responseFormat?.type === 'json-object') return { step: 'aside', content: [{ type: 'text', text: '{}' }] };
  const summarised = carriesSummary(request.messages);
  const asksTask =
    summarised ||
    request.messages.some((message) => message.role === 'user' && textOf(message.content).includes(task.readFile));
  if (tools.length === 0 || !asksTask) return { step: 'aside', content: [{ type: 'text', text: 'Scripted task' }] };
  const results = toolResults(request.messages);
  // After a compaction the summary stands for the steps it replaced.
  const index = summarised ? nextStep(progressOf(allText(request.messages), task.writeText)) : results.length;
  const thought = `Thinking about step ${index} of the task: ${['read', 'write', 'run', 'answer'][Math.min(index, 3)]}.`;
  const origin = SIGNATURE_ORIGIN[wire];
  const reasoning: IrContentPart = {
    type: 'reasoning',
    text: thought,
    ...(origin && wire !== 'gemini'
      ? {
          opaque: {
            origin,
            kind: wire === 'openai-responses' ? ('encrypted' as const) : ('signature' as const),
            data: signatureFor(wire, thought),
            ...(wire === 'openai-responses' ? { itemId: `rs_step${index}` } : {}),
          },
        }
      : {}),
  };
  const call = index < 3 ? stepCall(task, tools, index, index === 2 ? runsOf(task, request.messages) : 0) : undefined;
  if (call) {
    const argumentsJson = JSON.stringify(call.args);
    return {
      step: (['read', 'write', 'run'] as const)[index] ?? 'run',
      call,
      content: [
        reasoning,
        {
          type: 'tool-call',
          id: `call_step${index}_${createHash('sha1').update(argumentsJson).digest('hex').slice(0, 8)}`,
          name: call.name,
          argumentsJson,
          ...(wire === 'gemini'
            ? {
                opaque: {
                  origin: 'gemini',
                  kind: 'signature' as const,
                  data: signatureFor(wire, `${call.name}:${argumentsJson}`),
                },
              }
            : {}),
        },
      ],
    };
  }
  const everything = summarised ? allText(request.messages) : results.join('\n');
  const secret = /secret word: ([a-z0-9]+)/.exec(everything)?.[1] ?? 'unknown';
  const printed = /(\d+) bytes written/.exec(everything)?.[0] ?? 'no command output';
  return {
    step: 'answer',
    content: [
      reasoning,
      { type: 'text', text: `${ANSWER_HEAD} The secret word is ${secret}; the command printed "${printed}".` },
    ],
  };
}

function streamEvents(answer: Answer, model: string, usage: IrUsage): IrStreamEvent[] {
  const events: IrStreamEvent[] = [
    { type: 'response-start', id: `resp_${answer.step}_${Date.now()}`, model, created: 1_764_000_000 },
  ];
  answer.content.forEach((part, index) => {
    if (part.type === 'reasoning') {
      events.push({ type: 'reasoning-start', index });
      events.push({ type: 'reasoning-delta', index, delta: part.text });
      if (part.opaque) events.push({ type: 'reasoning-signature', index, opaque: part.opaque });
      events.push({ type: 'reasoning-end', index });
    } else if (part.type === 'text') {
      const middle = Math.ceil(part.text.length / 2);
      events.push({ type: 'text-start', index });
      events.push({ type: 'text-delta', index, delta: part.text.slice(0, middle) });
      events.push({ type: 'text-delta', index, delta: part.text.slice(middle) });
      events.push({ type: 'text-end', index });
    } else if (part.type === 'tool-call') {
      events.push({
        type: 'tool-call-start',
        index,
        id: part.id,
        name: part.name,
        ...(part.opaque ? { opaque: part.opaque } : {}),
      });
      events.push({ type: 'tool-call-delta', index, argumentsDelta: part.argumentsJson });
      events.push({ type: 'tool-call-end', index });
    }
  });
  events.push({ type: 'usage-update', usage });
  events.push({
    type: 'finish',
    finishReason: answer.call ? { unified: 'tool-calls', raw: null } : { unified: 'stop', raw: null },
  });
  return events;
}

function send(
  response: ServerResponse,
  wire: GenerationStyle,
  stream: boolean,
  answer: Answer,
  model: string,
  usage: IrUsage,
): Promise<void> | void {
  const codec = codecFor(wire);
  if (stream) {
    const encoder = codec.stream.createEncoder({ includeUsage: true, model });
    const messages = [...streamEvents(answer, model, usage).flatMap((event) => encoder.push(event)), ...encoder.end()];
    return sendSse(response, serializeSseMessages(messages), { delayMs: 1 });
  }
  const ir: IrResponse = {
    id: `resp_${answer.step}_${Date.now()}`,
    model,
    created: 1_764_000_000,
    choices: [
      {
        index: 0,
        content: answer.content,
        finishReason: answer.call ? { unified: 'tool-calls', raw: null } : { unified: 'stop', raw: null },
      },
    ],
    usage,
  };
  sendJson(response, 200, codec.response.fromIr(ir).value);
}

/** Starts the task upstream on an ephemeral loopback port. */
export async function startAgentTaskUpstream(): Promise<AgentTaskUpstream> {
  const turns: UpstreamTurn[] = [];
  const rejected: RejectedRequest[] = [];
  let task: AgentTask | undefined;
  const tasks = new Map<string, AgentTask>();
  const upstream = await startLoopbackUpstream((request, response) => {
    const read = readWireRequest(request);
    if (typeof read === 'string') {
      rejected.push({ url: request.url, body: request.body.toString('utf8').slice(0, 200_000), problem: read });
      return sendJson(response, 400, { error: { message: read } });
    }
    const trigger = read.wire === 'openai-responses' && isCompactionTrigger(read.body);
    const body =
      read.wire === 'gemini' ? { ...read.body, model: read.model } : trigger ? withoutTrigger(read.body) : read.body;
    const ir = codecFor(read.wire).request.toIr(body).value;
    const signatures = checkSignatures(read.wire, ir.messages);
    const tools = (ir.tools ?? []).map((tool) => tool.name);
    const lastResult = toolResults(ir.messages).at(-1)?.slice(0, 400);
    const base = {
      at: Date.now(),
      wire: read.wire,
      model: read.model,
      stream: read.stream,
      tools,
      signatures,
      ...(lastResult === undefined ? {} : { lastResult }),
      afterSummary: carriesSummary(ir.messages),
      ...(trigger ? { remote: 'trigger' as const } : {}),
    };
    if (signatures.altered > 0) {
      const refusal = alteredRefusal(read.wire);
      turns.push({ ...base, step: 'aside', status: refusal.status, refusal: JSON.stringify(refusal.body) });
      return sendJson(response, refusal.status, refusal.body);
    }
    const current = tasks.get(read.model) ?? task;
    if (!current) return sendJson(response, 400, { error: { message: 'no task set' } });
    if (trigger) {
      turns.push({ ...base, step: 'summary', status: 200 });
      const progress = progressOf(allText(ir.messages), current.writeText);
      return sendCompaction(response, read, summaryText(current.readFile, progress));
    }
    const inputTokens = current.measuredUsage ? 1000 + Math.ceil(toolResults(ir.messages).join('').length / 4) : 200;
    const answer = answerFor(read.wire, current, ir);
    const emulated = answer.step === 'summary' && isGatewayCompaction(ir.messages);
    turns.push({
      ...base,
      ...(emulated ? { remote: 'emulated' as const } : {}),
      step: answer.step,
      ...(answer.call ? { call: answer.call } : {}),
      status: 200,
    });
    const usage = { inputTokens, outputTokens: 40, totalTokens: inputTokens + 40 };
    return send(response, read.wire, read.stream, answer, read.model, usage);
  });
  return Object.assign(upstream, {
    turns,
    rejected,
    setTask(next: AgentTask, model?: string) {
      if (model === undefined) task = next;
      else tasks.set(model, next);
    },
  });
}
