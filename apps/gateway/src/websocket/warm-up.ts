import { serializeSse } from '@interlingua/ir-utils';
import type { AnswerSink } from '../http/response-sink.js';
import { newGatewayResponseId } from '../responses/response-store.js';

/**
 * The answer to an admitted `generate: false` warm-up, written to its sink as the Responses SSE
 * stream would carry it: `response.created`, then an empty `response.completed` whose id the next
 * `response.create` may continue with `previous_response_id`. Nothing is generated.
 */
export function answerWarmUp(sink: AnswerSink, body: Record<string, unknown>): void {
  const response = {
    id: newGatewayResponseId(),
    object: 'response',
    created_at: Math.floor(Date.now() / 1000),
    status: 'completed',
    model: typeof body.model === 'string' ? body.model : null,
    output: [],
    usage: null,
  };
  const created = { type: 'response.created', sequence_number: 0, response: { ...response, status: 'in_progress' } };
  const completed = { type: 'response.completed', sequence_number: 1, response };
  sink.startStream(200, 'text/event-stream');
  void sink.write(
    serializeSse({ event: created.type, data: JSON.stringify(created) }) +
      serializeSse({ event: completed.type, data: JSON.stringify(completed) }),
  );
}
