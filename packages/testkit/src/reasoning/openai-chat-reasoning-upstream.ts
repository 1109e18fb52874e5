import type { UpstreamHandler } from '../loopback-upstream.js';
import { sendJson, sendSse } from '../loopback-upstream.js';
import { citiesForStep, isRecord, modelTurns, recordsIn } from './issued-artefacts.js';
import { chatCompletionSse } from './streamed-answers.js';

/**
 * An OpenAI-chat upstream of a reasoning model (reasoning as `reasoning_content`, no opaque
 * artefact): answers with reasoning and two parallel `weather` calls, then with reasoning and text
 * once the script is done; streamed a word a delta when asked.
 */
export function openAiChatReasoningUpstream(): { handler: UpstreamHandler } {
  const handler: UpstreamHandler = (request, response) => {
    const body = request.json() as Record<string, unknown>;
    const step = modelTurns(recordsIn(body.messages), 'assistant');
    const cities = citiesForStep(step);
    const message: Record<string, unknown> = {
      role: 'assistant',
      content: cities ? null : 'Sunny everywhere.',
      reasoning_content: `Step ${step}: the weather is needed.`,
    };
    if (cities) {
      message.tool_calls = cities.map((city, i) => ({
        id: `call_${step}${i}ChatUp`,
        type: 'function',
        function: { name: 'weather', arguments: JSON.stringify({ city }) },
      }));
    }
    const completion = {
      id: `chatcmpl-step${step}`,
      object: 'chat.completion',
      created: 1_764_967_971,
      model: String(body.model),
      choices: [{ index: 0, message, finish_reason: cities ? 'tool_calls' : 'stop', logprobs: null }],
      usage: {
        prompt_tokens: 40,
        completion_tokens: 20,
        total_tokens: 60,
        completion_tokens_details: { reasoning_tokens: 8 },
      },
    };
    if (body.stream === true)
      return void sendSse(
        response,
        chatCompletionSse(completion, isRecord(body.stream_options) && body.stream_options.include_usage === true),
      );
    sendJson(response, 200, completion);
  };
  return { handler };
}
