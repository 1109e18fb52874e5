import { describe, expect, it } from 'vitest';
import {
  describeOpenAiSchemaErrors,
  validateOpenAiResponse,
  validateOpenAiResponseStreamEvent,
} from './openai-openapi-judge.js';
import { withoutKnownOpenAiDisagreements } from './openai-openapi-disagreements.js';
import { listRecordings } from './recordings.js';

const realAnswers = listRecordings(
  'openai-responses',
  (row) => !row.streaming && row.http_status === 200 && !row.file.includes('structured-output'),
);

/**
 * The recordings (2025) predate the description at the extracted commit in two ways that OpenAI's own answers
 * show: they send `user: null` where the description says string, and `input_tokens_details` without the newer
 * required `cache_write_tokens`. The judge keeps the description as published; the test bridges that drift.
 */
function withDescriptionDrift(body: string): Record<string, unknown> {
  const answer = JSON.parse(body) as { user?: unknown; usage: { input_tokens_details: Record<string, unknown> } };
  if (answer.user === null) delete answer.user;
  answer.usage.input_tokens_details.cache_write_tokens ??= 0;
  return answer;
}

describe('the OpenAI OpenAPI judge', () => {
  it.each(realAnswers.map((recording) => [recording.file, recording] as const))(
    'finds the real answer %s valid (bridging the drift)',
    (_file, recording) => {
      const errors = validateOpenAiResponse(withDescriptionDrift(recording.body));
      expect(describeOpenAiSchemaErrors(errors)).toBe('');
    },
  );

  it('fails an answer whose message item lost its status', () => {
    const answer = withDescriptionDrift(realAnswers[0]!.body) as { output: Array<Record<string, unknown>> };
    delete answer.output[0]!.status;
    const errors = validateOpenAiResponse(answer);
    expect(
      errors.some((error) => error.instancePath === '/output/0' && error.params.missingProperty === 'status'),
    ).toBe(true);
  });

  it('judges a stream event by the union member its type names', () => {
    const delta = {
      type: 'response.output_text.delta',
      item_id: 'msg_1',
      output_index: 0,
      content_index: 0,
      delta: 'Hi',
      logprobs: [],
      sequence_number: 3,
    };
    expect(validateOpenAiResponseStreamEvent(delta)).toEqual([]);
    const { sequence_number: _dropped, ...withoutSequence } = delta;
    const errors = validateOpenAiResponseStreamEvent(withoutSequence);
    expect(errors.map((error) => error.params.missingProperty)).toEqual(['sequence_number']);
  });

  it('fails an event whose type the union does not list', () => {
    expect(validateOpenAiResponseStreamEvent({ type: 'response.invented', sequence_number: 1 })).not.toEqual([]);
  });

  it('excuses a listed disagreement only for the value it lists', () => {
    const answer = withDescriptionDrift(realAnswers[0]!.body);
    const paths = (user: unknown) =>
      withoutKnownOpenAiDisagreements(validateOpenAiResponse({ ...answer, user })).map((error) => error.instancePath);
    expect(paths(null)).toEqual([]);
    expect(paths(5)).toEqual(['/user']);
  });
});
