import type { UpstreamHandler } from '../loopback-upstream.js';
import { sendJson, sendSse } from '../loopback-upstream.js';
import { citiesForStep, IssuedArtefacts, isRecord, modelTurns, recordsIn } from './issued-artefacts.js';
import { anthropicMessageSse } from './streamed-answers.js';

/** Anthropic's answer to a thinking block whose signature it did not mint (or that was changed). */
export function anthropicInvalidSignature(turn: number, block: number): Record<string, unknown> {
  return {
    type: 'error',
    error: {
      type: 'invalid_request_error',
      message: `messages.${turn}.content.${block}: Invalid \`signature\` in \`thinking\` block`,
    },
    request_id: 'req_011CSHoEeqs5C35K2UUqR7Fy',
  };
}

/** Anthropic's answer when thinking is on and the turn that made the pending tool calls has no thinking block. */
export function anthropicMissingThinking(turn: number): Record<string, unknown> {
  return {
    type: 'error',
    error: {
      type: 'invalid_request_error',
      message: `messages.${turn}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`tool_use\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking`,
    },
    request_id: 'req_011CSHoEeqs5C35K2UUqR7Fz',
  };
}

export interface AnthropicThinkingUpstream {
  handler: UpstreamHandler;
  signatures: IssuedArtefacts;
  /** Redacted thinking blobs handed out. */
  redacted: IssuedArtefacts;
}

/**
 * An Anthropic Messages upstream that checks thinking blocks the way Anthropic does: each one sent
 * back must carry a signature this upstream minted for exactly that thinking text (redacted
 * blocks: data it handed out), else 400 "Invalid `signature` in `thinking` block"; with thinking
 * on, the turn whose tool calls are being answered must start with a thinking block. It answers
 * with a signed thinking block, a redacted one and two parallel `weather` calls,
 * then with thinking and text once the script is done; streamed as Anthropic streams (text a word
 * a delta, the signature last).
 */
export function anthropicThinkingUpstream(): AnthropicThinkingUpstream {
  const signatures = new IssuedArtefacts('Eq');
  const redacted = new IssuedArtefacts('Em');
  const handler: UpstreamHandler = (request, response) => {
    const body = request.json() as Record<string, unknown>;
    const messages = recordsIn(body.messages);
    const refusal = verify(messages, body, signatures, redacted);
    if (refusal) return sendJson(response, 400, refusal, { 'request-id': 'req_011CSHoEeqs5C35K2UUqR7Fy' });
    const step = modelTurns(messages, 'assistant');
    const cities = citiesForStep(step);
    const thinking = `Step ${step}: ${cities ? `the weather in ${cities.join(' and ')} is needed` : 'the answer is ready'}.`;
    const content: unknown[] = [{ type: 'thinking', thinking, signature: signatures.issue(thinking) }];
    if (cities) {
      content.push({ type: 'redacted_thinking', data: redacted.issue(`step ${step}`) });
      cities.forEach((city, i) =>
        content.push({ type: 'tool_use', id: `toolu_0${step}${i}AnthropicUp`, name: 'weather', input: { city } }),
      );
    } else content.push({ type: 'text', text: 'Sunny everywhere.' });
    const message = {
      id: `msg_01Step${step}`,
      type: 'message',
      role: 'assistant',
      model: String(body.model),
      content,
      stop_reason: cities ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 40, output_tokens: 20 },
    };
    if (body.stream === true) return void sendSse(response, anthropicMessageSse(message));
    sendJson(response, 200, message);
  };
  return { handler, signatures, redacted };
}

function verify(
  messages: Record<string, unknown>[],
  body: Record<string, unknown>,
  signatures: IssuedArtefacts,
  redacted: IssuedArtefacts,
): Record<string, unknown> | undefined {
  for (const [turn, message] of messages.entries()) {
    if (message.role !== 'assistant') continue;
    for (const [index, block] of recordsIn(message.content).entries()) {
      if (block.type === 'thinking' && !signatures.verifies(block.signature, String(block.thinking)))
        return anthropicInvalidSignature(turn, index);
      if (block.type === 'redacted_thinking' && !redacted.all().includes(String(block.data)))
        return anthropicInvalidSignature(turn, index);
    }
  }
  const thinkingOn = isRecord(body.thinking) && body.thinking.type !== 'disabled';
  const last = messages.at(-1);
  const answersCalls = last?.role === 'user' && recordsIn(last.content).some((block) => block.type === 'tool_result');
  const caller = messages.length - 2;
  const first = recordsIn(messages[caller]?.content)[0];
  if (thinkingOn && answersCalls && first && first.type !== 'thinking' && first.type !== 'redacted_thinking')
    return anthropicMissingThinking(caller);
  return undefined;
}
