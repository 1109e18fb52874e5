import type { UpstreamHandler } from '../loopback-upstream.js';
import { sendJson } from '../loopback-upstream.js';
import { citiesForStep, IssuedArtefacts, recordsIn } from './issued-artefacts.js';

function openAiError(message: string, code: string | null): Record<string, unknown> {
  return { error: { message, type: 'invalid_request_error', param: null, code } };
}

/** OpenAI's answer to encrypted reasoning it cannot verify. */
export function responsesInvalidEncryptedContent(): Record<string, unknown> {
  return openAiError(
    'The encrypted content for this reasoning item could not be verified.',
    'invalid_encrypted_content',
  );
}

/** OpenAI's answer to a reasoning item without encrypted content when nothing is stored. */
export function responsesItemNotFound(id: string): Record<string, unknown> {
  return openAiError(
    `Item with id '${id}' not found. Items are not persisted when \`store\` is set to false. Try again with \`store\` set to true, or remove this item from your input.`,
    null,
  );
}

export interface ResponsesReasoningUpstream {
  handler: UpstreamHandler;
  encrypted: IssuedArtefacts;
}

/**
 * An OpenAI Responses upstream (stateless: nothing is stored) that checks reasoning items the way
 * OpenAI does: each must carry encrypted content it issued for that item id, else 400. It answers
 * with a reasoning item (encrypted content when `include` asks for it) and two parallel
 * `weather` calls, then with reasoning and a message once the script is done.
 */
export function responsesReasoningUpstream(): ResponsesReasoningUpstream {
  const encrypted = new IssuedArtefacts('gAAAAA');
  let answered = 0;
  const handler: UpstreamHandler = (request, response) => {
    const body = request.json() as Record<string, unknown>;
    const items = recordsIn(body.input);
    for (const item of items) {
      if (item.type !== 'reasoning') continue;
      if (item.encrypted_content === undefined) return sendJson(response, 400, responsesItemNotFound(String(item.id)));
      if (!encrypted.verifies(item.encrypted_content, String(item.id)))
        return sendJson(response, 400, responsesInvalidEncryptedContent());
    }
    const step = countSteps(items);
    answered++;
    const cities = citiesForStep(step);
    const reasoningId = `rs_step${step}answer${answered}`;
    const reasoning: Record<string, unknown> = {
      type: 'reasoning',
      id: reasoningId,
      summary: [{ type: 'summary_text', text: `Step ${step}: the weather is needed.` }],
    };
    const include = Array.isArray(body.include) ? body.include : [];
    if (include.includes('reasoning.encrypted_content')) reasoning.encrypted_content = encrypted.issue(reasoningId);
    const output: unknown[] = [reasoning];
    if (cities) {
      cities.forEach((city, i) =>
        output.push({
          type: 'function_call',
          id: `fc_${step}${i}`,
          call_id: `call_${step}${i}ResponsesUp`,
          name: 'weather',
          arguments: JSON.stringify({ city }),
          status: 'completed',
        }),
      );
    } else
      output.push({
        type: 'message',
        id: `msg_${step}`,
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: 'Sunny everywhere.', annotations: [] }],
      });
    sendJson(response, 200, {
      id: `resp_step${step}`,
      object: 'response',
      created_at: 1_764_967_971,
      status: 'completed',
      model: String(body.model),
      output,
      usage: {
        input_tokens: 40,
        output_tokens: 20,
        total_tokens: 60,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens_details: { reasoning_tokens: 8 },
      },
    });
  };
  return { handler, encrypted };
}

/** Model steps so far: runs of model output items (reasoning, calls, messages) between inputs. */
function countSteps(items: Record<string, unknown>[]): number {
  let steps = 0;
  let inModelRun = false;
  for (const item of items) {
    const fromModel =
      item.type === 'reasoning' ||
      item.type === 'function_call' ||
      (item.type === 'message' && item.role === 'assistant');
    if (fromModel && !inModelRun) steps++;
    inModelRun = fromModel;
  }
  return steps;
}
