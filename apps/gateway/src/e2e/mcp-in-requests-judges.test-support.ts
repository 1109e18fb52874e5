import { openAiResponsesStrictResponseSchema } from '@interlingua/openai-responses';
import {
  describeOpenAiSchemaErrors,
  validateOpenAiResponse,
  withoutKnownOpenAiDisagreements,
} from '@interlingua/testkit/openai-openapi';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { expect } from 'vitest';
import { GATEWAY_KEY } from './gateway-harness.test-support.js';
import { ANSWER_HEAD, ECHO_MESSAGE } from './mcp-in-requests-model.test-support.js';

/**
 * What the MCP-in-requests judges check in an answer, in the caller's style: a Responses answer,
 * `mcp_list_tools`, `mcp_call` and `mcp_approval_request` items included, against OpenAI's
 * published API description (the `Response` schema of its OpenAPI document, with only the listed
 * disagreements excused), and against the repo's strict Responses schema; the Anthropic MCP
 * connector's `mcp_tool_use` + `mcp_tool_result` blocks.
 */

/** One Responses output item, loosely typed for assertions. */
export type OutputItem = Record<string, unknown> & { type: string };

/** Problems of a Responses answer against the published description and the strict schema; empty when valid. */
export function responsesAnswerProblems(response: unknown): string[] {
  // The openai SDK adds `output_text` to the objects it returns (a convenience, not a wire field).
  const { output_text: _sdkOnly, ...wire } = response as Record<string, unknown>;
  const envelope = openAiResponsesStrictResponseSchema.safeParse(wire);
  const problems = envelope.success
    ? []
    : envelope.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  const described = withoutKnownOpenAiDisagreements(validateOpenAiResponse(wire));
  if (described.length > 0) problems.push(describeOpenAiSchemaErrors(described));
  return problems;
}

/** The official SDK clients of both caller styles, pointed at the gateway at `url` (no retries). */
export function sdkClients(url: string): { openai: OpenAI; anthropic: Anthropic } {
  return {
    openai: new OpenAI({ baseURL: `${url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 30_000 }),
    anthropic: new Anthropic({ baseURL: url, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 30_000 }),
  };
}

/** What a streamed Responses answer gave the SDK's stream helper. */
export interface StreamedResponse {
  /** The event types, in order. */
  events: string[];
  /** The types of the items of `response.output_item.done` events, in order. */
  doneItems: string[];
  /** The response of the `response.completed` event, as sent (validate this one). */
  completed: { output: unknown[] } | undefined;
  /** What `finalResponse()` assembled (with the SDK's own `output_parsed` and `parsed` fields). */
  final: OpenAI.Responses.Response;
}

/** Streams `params` through the openai SDK's stream helper and keeps what a judge checks. */
export async function streamResponse(
  openai: OpenAI,
  params: Parameters<OpenAI['responses']['stream']>[0],
): Promise<StreamedResponse> {
  const stream = openai.responses.stream(params);
  const events: string[] = [];
  const doneItems: string[] = [];
  let completed: { output: unknown[] } | undefined;
  for await (const event of stream) {
    events.push(event.type);
    if (event.type === 'response.output_item.done') doneItems.push(event.item.type);
    if (event.type === 'response.completed') completed = structuredClone(event.response);
  }
  return { events, doneItems, completed, final: await stream.finalResponse() };
}

/** The text of a Responses answer's message items. */
export function outputText(output: OutputItem[]): string {
  return output
    .filter((item) => item.type === 'message')
    .flatMap((item) => item.content as Array<{ type: string; text?: string }>)
    .map((part) => part.text ?? '')
    .join('');
}

/** The answer the scripted model gives once the echo result is in its history. */
export const ECHO_ANSWER = `${ANSWER_HEAD} Echo: ${ECHO_MESSAGE}`;

/**
 * A Responses answer of the echo loop: `mcp_list_tools` of `label` (holding `echo`), then the
 * `mcp_call` of `echo` with the scripted arguments and the server's output, then the message
 * quoting it; no function call of the flattened name reaches the caller; valid against the reference.
 */
export function expectEchoResponse(response: { output: unknown[] }, label = 'everything'): void {
  const output = response.output as OutputItem[];
  const types = output.map((item) => item.type);
  expect(types.filter((type) => type !== 'reasoning')).toEqual(['mcp_list_tools', 'mcp_call', 'message']);
  const [list, call] = output.filter((item) => item.type.startsWith('mcp_'));
  expect(list).toMatchObject({ server_label: label });
  expect((list?.tools as Array<{ name: string }>).map((tool) => tool.name)).toContain('echo');
  expect(call).toMatchObject({ server_label: label, name: 'echo', output: `Echo: ${ECHO_MESSAGE}` });
  expect(call?.error ?? null).toBeNull();
  expect(JSON.parse(String(call?.arguments))).toEqual({ message: ECHO_MESSAGE });
  expect(outputText(output)).toBe(ECHO_ANSWER);
  expect(responsesAnswerProblems(response)).toEqual([]);
}

/** One Anthropic content block, loosely typed for assertions. */
export type ContentBlock = Record<string, unknown> & { type: string };

/** The text of an Anthropic tool result's content (a string or text blocks). */
export function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  return (content as Array<{ text?: string }>).map((block) => block.text ?? '').join('');
}

/**
 * An Anthropic message of the echo loop: `mcp_tool_use` of `echo` on `server`, its
 * `mcp_tool_result` holding the server's output, then text quoting it; no plain `tool_use` of the
 * flattened name reaches the caller.
 */
export function expectEchoMessage(
  message: { content: unknown[]; stop_reason: string | null },
  server = 'everything',
): void {
  const content = message.content as ContentBlock[];
  expect(content.map((block) => block.type).filter((type) => type !== 'thinking')).toEqual([
    'mcp_tool_use',
    'mcp_tool_result',
    'text',
  ]);
  const use = content.find((block) => block.type === 'mcp_tool_use');
  const result = content.find((block) => block.type === 'mcp_tool_result');
  expect(use).toMatchObject({ name: 'echo', server_name: server, input: { message: ECHO_MESSAGE } });
  expect(result).toMatchObject({ tool_use_id: use?.id, is_error: false });
  expect(resultText(result?.content)).toBe(`Echo: ${ECHO_MESSAGE}`);
  expect(content.at(-1)).toMatchObject({ type: 'text', text: ECHO_ANSWER });
  expect(message.stop_reason).toBe('end_turn');
}
