import type { Recording } from './recordings.js';

/** Why a recorded answer stopped, in the IR's words (the values the recordings use). */
export type RecordedFinish = 'stop' | 'length' | 'tool-calls' | 'content-filter';

/** What a recorded answer says, whatever its style: what a conversion or a relay must carry across. */
export interface RecordedAnswer {
  text: string;
  toolCalls: Array<{ name: string; arguments: unknown }>;
  finish: RecordedFinish;
  /** Token counts in the IR's terms: input holds cached and tool-prompt tokens, output holds thoughts. */
  usage: { input: number; output: number } | null;
}

type Counts = Record<string, number | undefined>;

/** Each style's raw stop value as its sidecar records it, in the IR's words. */
const FINISH_BY_RAW: Record<string, RecordedFinish> = {
  stop: 'stop',
  end_turn: 'stop',
  STOP: 'stop',
  completed: 'stop',
  length: 'length',
  max_tokens: 'length',
  MAX_TOKENS: 'length',
  tool_calls: 'tool-calls',
  tool_use: 'tool-calls',
  content_filter: 'content-filter',
};

function sidecarFinish(style: string, sidecar: Record<string, unknown>, calls: number): RecordedFinish {
  const raw = String(sidecar.finish_reason ?? sidecar.stop_reason ?? sidecar.status);
  const unified = FINISH_BY_RAW[raw];
  if (!unified) throw new Error(`the sidecar's stop value ${raw} has no IR meaning here`);
  // Gemini says STOP and the Responses API says completed after function calls too.
  const callsSayStop = style === 'gemini' || style === 'openai-responses';
  return callsSayStop && unified === 'stop' && calls > 0 ? 'tool-calls' : unified;
}

function sidecarUsage(style: string, usage: Counts | null): RecordedAnswer['usage'] {
  if (!usage) return null;
  const n = (key: string): number => usage[key] ?? 0;
  switch (style) {
    case 'openai-chat':
      return { input: n('prompt_tokens'), output: n('completion_tokens') };
    case 'openai-responses':
      return { input: n('input_tokens'), output: n('output_tokens') };
    case 'anthropic-messages':
      return {
        input: n('input_tokens') + n('cache_read_input_tokens') + n('cache_creation_input_tokens'),
        output: n('output_tokens'),
      };
    case 'gemini':
      return {
        input: n('promptTokenCount') + n('toolUsePromptTokenCount'),
        output: n('candidatesTokenCount') + n('thoughtsTokenCount'),
      };
    default:
      throw new Error(`no usage reading for recordings of ${style}`);
  }
}

/** What a generation recording's sidecar says the answer is: written when it was recorded, not by our decoders. */
export function recordedAnswer(recording: Recording): RecordedAnswer {
  const sidecar = recording.expect;
  const calls = (sidecar.tool_calls as Array<{ name: string; arguments: unknown }>).map((call) => ({
    name: call.name,
    arguments: call.arguments,
  }));
  return {
    text: (sidecar.text as string | null) ?? '',
    toolCalls: calls,
    finish: sidecarFinish(recording.style, sidecar, calls.length),
    usage: sidecarUsage(recording.style, sidecar.usage as Counts | null),
  };
}
