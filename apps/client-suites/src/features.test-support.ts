import { MOCK_EMBEDDING_DIMENSIONS, mockEmbedding, mockWords, sampleFromSchema } from '@interlingua/provider-adapters';
import { expect } from 'vitest';
import type { ClientHarness, UpstreamStyle } from './client-harness.test-support.js';
import { meaningOf, recordedEmbedding, recordingFor } from './recorded-upstream.test-support.js';

/** A JSON schema, as tools and structured output declare it. */
export type JsonSchema = Record<string, unknown>;
export interface ToolSpec {
  name: string;
  description: string;
  parameters: JsonSchema;
}
export interface Usage {
  inputTokens: number;
  outputTokens: number;
}
export interface TextAnswer {
  text: string;
  usage?: Usage;
}
export interface ToolSeen {
  name: string;
  args: unknown;
}
/** How a call failed, as the client reported it. */
export interface ClientFailure {
  /** Whether the error is the client's own error class for API errors. */
  ownClass: boolean;
  status?: number;
  message: string;
}

/** What each client does through its own public API; the feature bodies below judge the results. */
export interface ChatDriver {
  text(model: string, prompt: string): Promise<TextAnswer>;
  streamText(model: string, prompt: string, onDelta: (delta: string) => void): Promise<TextAnswer>;
  toolCalls(model: string, prompt: string, tool: ToolSpec, stream: boolean): Promise<ToolSeen[]>;
  /** Runs the client's own tool loop (not streamed) and returns the final text. */
  toolLoop(model: string, prompt: string, tool: ToolSpec, execute: (args: unknown) => string): Promise<string>;
  structured(model: string, prompt: string, schema: JsonSchema): Promise<unknown>;
  /** Makes a call that fails upstream; returns how the client reported it, or undefined when it did not throw. */
  failure(model: string, prompt: string): Promise<ClientFailure | undefined>;
}
export interface EmbedDriver {
  embed(model: string, text: string): Promise<number[]>;
}

export type FeatureId =
  'text' | 'stream' | 'tool-call' | 'tool-call-stream' | 'tool-loop' | 'structured' | 'error' | 'usage' | 'embeddings';

export interface Feature {
  id: FeatureId;
  title: string;
  /** Upstream styles the feature does not apply to, and why. */
  notFor?: Partial<Record<UpstreamStyle, string>>;
  run(drivers: { chat?: ChatDriver; embed?: EmbedDriver }, harness: ClientHarness, style: UpstreamStyle): Promise<void>;
}

const PROMPT = 'What is the capital of France?';

/** A JSON schema that the value satisfies, closed like strict structured outputs require. */
export function schemaOf(value: unknown): JsonSchema {
  if (Array.isArray(value)) return { type: 'array', items: value.length > 0 ? schemaOf(value[0]) : {} };
  if (value === null) return { type: 'null' };
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return {
      type: 'object',
      properties: Object.fromEntries(entries.map(([key, v]) => [key, schemaOf(v)])),
      required: entries.map(([key]) => key),
      additionalProperties: false,
    };
  }
  return { type: typeof value === 'number' ? 'number' : typeof value };
}

/** The mock's tool: it calls the first tool offered with arguments built from its schema. */
const MOCK_TOOL: ToolSpec = {
  name: 'get_capital',
  description: 'The capital of a country',
  parameters: schemaOf({ country: 'France' }),
};
/** The mock answers structured output with an object built from the schema. */
const MOCK_OBJECT_SCHEMA = schemaOf({ city: 'Paris', country: 'France' });

/** The tool a recorded tool call needs declared, and the call the client must report. */
function recordedTool(style: Exclude<UpstreamStyle, 'mock'>, stream: boolean): { tool: ToolSpec; call: ToolSeen } {
  const call = meaningOf(recordingFor(style, 'tool', stream)).toolCall;
  if (!call) throw new Error(`the ${style} tool recording holds no tool call`);
  return { tool: { name: call.name, description: `The ${call.name} tool`, parameters: schemaOf(call.args) }, call };
}

function expectedToolCall(style: UpstreamStyle, stream: boolean): { tool: ToolSpec; call: ToolSeen } {
  if (style === 'mock')
    return { tool: MOCK_TOOL, call: { name: MOCK_TOOL.name, args: sampleFromSchema(MOCK_TOOL.parameters) } };
  return recordedTool(style, stream);
}

function need<T>(driver: T | undefined, what: string): T {
  if (!driver) throw new Error(`the client has no ${what} driver`);
  return driver;
}

function expectUsage(usage: Usage | undefined, label: string): void {
  expect(usage?.inputTokens, `${label}: input tokens`).toBeGreaterThan(0);
  expect(usage?.outputTokens, `${label}: output tokens`).toBeGreaterThan(0);
}

const NOT_A_WIRE = 'the built-in mock never fails';

export const FEATURES: readonly Feature[] = [
  {
    id: 'text',
    title: 'Plain text',
    async run({ chat }, harness, style) {
      const answer = await need(chat, 'chat').text(harness.model(style, 'text'), PROMPT);
      expect(answer.text).toBe(
        style === 'mock' ? `You said: ${PROMPT}` : meaningOf(recordingFor(style, 'text', false)).text,
      );
    },
  },
  {
    id: 'stream',
    title: 'Streamed text',
    async run({ chat }, harness, style) {
      // A recorded upstream holds its stream after the first text event until the client sees a delta.
      const gate = style === 'mock' ? undefined : harness.upstream.gateNextStream();
      const arrivals: Array<{ delta: string; at: number; phase: number }> = [];
      const answer = await need(chat, 'chat').streamText(harness.model(style, 'text'), PROMPT, (delta) => {
        arrivals.push({ delta, at: Date.now(), phase: gate?.phase ?? 0 });
        gate?.deltaSeen();
      });
      const expected = style === 'mock' ? `You said: ${PROMPT}` : meaningOf(recordingFor(style, 'text', true)).text;
      expect(arrivals.map((a) => a.delta).join('')).toBe(expected);
      expect(answer.text).toBe(expected);
      expect(arrivals.length, 'deltas').toBeGreaterThan(1);
      if (gate) {
        expect(
          new Set(arrivals.map((a) => a.phase)),
          'deltas before the upstream sent the rest of its stream (0) and after (1)',
        ).toEqual(new Set([0, 1]));
      } else {
        // The mock pauses between words: deltas relayed as they come arrive at distinct times.
        expect(new Set(arrivals.map((a) => a.at)).size, 'distinct arrival times of the deltas').toBeGreaterThan(1);
      }
    },
  },
  ...([false, true] as const).map((stream): Feature => ({
    id: stream ? 'tool-call-stream' : 'tool-call',
    title: stream ? 'Tool call, streamed' : 'Tool call',
    async run({ chat }, harness, style) {
      const { tool, call } = expectedToolCall(style, stream);
      const calls = await need(chat, 'chat').toolCalls(harness.model(style, 'tool'), PROMPT, tool, stream);
      expect(calls).toEqual([call]);
    },
  })),
  {
    id: 'tool-loop',
    title: 'Two-step tool loop',
    async run({ chat }, harness, style) {
      const { tool, call } = expectedToolCall(style, false);
      const marker = `tool-output-${harness.upstream.generations.length}`;
      const executed: unknown[] = [];
      const text = await need(chat, 'chat').toolLoop(harness.model(style, 'loop'), PROMPT, tool, (args) => {
        executed.push(args);
        return marker;
      });
      expect(executed).toEqual([call.args]);
      if (style === 'mock') return expect(text).toContain(marker);
      expect(text).toBe(meaningOf(recordingFor(style, 'text', false)).text);
      const last = harness.upstream.generations.at(-1);
      expect(
        typeof last === 'object' && JSON.stringify(last.body).includes(marker),
        'the second step sent the tool output upstream',
      ).toBe(true);
    },
  },
  {
    id: 'structured',
    title: 'Structured output',
    async run({ chat }, harness, style) {
      const expected =
        style === 'mock'
          ? sampleFromSchema(MOCK_OBJECT_SCHEMA)
          : (JSON.parse(meaningOf(recordingFor(style, 'structured', false)).text) as unknown);
      const schema = style === 'mock' ? MOCK_OBJECT_SCHEMA : schemaOf(expected);
      expect(await need(chat, 'chat').structured(harness.model(style, 'structured'), PROMPT, schema)).toEqual(expected);
    },
  },
  {
    id: 'error',
    title: 'Upstream error',
    notFor: { mock: NOT_A_WIRE },
    async run({ chat }, harness, style) {
      if (style === 'mock') throw new Error(NOT_A_WIRE);
      const recorded = meaningOf(recordingFor(style, 'error', false));
      const failure = await need(chat, 'chat').failure(harness.model(style, 'error'), PROMPT);
      expect(failure, 'the call failed').toBeDefined();
      expect(failure?.ownClass, `the client's own error class (${failure?.message})`).toBe(true);
      expect(failure?.status).toBe(recorded.status);
      expect(failure?.message).toContain(recorded.errorMessage);
    },
  },
  {
    id: 'usage',
    title: 'Usage (input and output tokens)',
    async run({ chat }, harness, style) {
      const driver = need(chat, 'chat');
      expectUsage((await driver.text(harness.model(style, 'text'), PROMPT)).usage, 'not streamed');
      expectUsage((await driver.streamText(harness.model(style, 'text'), PROMPT, () => undefined)).usage, 'streamed');
    },
  },
  {
    id: 'embeddings',
    title: 'Embeddings',
    notFor: {
      'anthropic-messages': 'Anthropic has no embeddings API',
      'openai-responses': 'OpenAI embeddings are one API, judged in the OpenAI chat column',
    },
    async run({ embed }, harness, style) {
      const text = 'The capital of France is Paris.';
      const vector = await need(embed, 'embeddings').embed(harness.model(style, 'embed'), text);
      const expected =
        style === 'mock'
          ? mockEmbedding(mockWords(text), MOCK_EMBEDDING_DIMENSIONS)
          : recordedEmbedding(style === 'gemini' ? 'gemini' : 'openai');
      expect(vector).toHaveLength(expected.length);
      // Clients that ask for base64 vectors get float32 values: equal to the recorded ones at that precision.
      const worst = Math.max(...vector.map((value, i) => Math.abs(value - (expected[i] ?? Number.NaN))));
      expect(worst, 'largest difference from the expected vector').toBeLessThan(1e-6);
    },
  },
];
