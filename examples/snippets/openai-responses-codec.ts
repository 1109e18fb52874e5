import { openAiResponsesCodec } from '@interlingua/openai-responses';
import { createSseParser, pipeMachines, runMachine, serializeSse } from '@interlingua/ir-utils';

// A Responses request body (e.g. `await request.json()`) -> IR.
const { value: ir, warnings } = openAiResponsesCodec.request.toIr({ model: 'gpt-4.1', input: 'Hello', stream: true });
console.log(ir.messages, warnings);

// Decode an upstream Responses stream into IR events, and re-encode them for a Responses client.
const event = (type: string, fields: object): string =>
  `event: ${type}\ndata: ${JSON.stringify({ type, ...fields })}\n\n`;
const created = {
  id: 'resp_1',
  object: 'response',
  created_at: 1,
  status: 'in_progress',
  model: 'gpt-4.1',
  output: [],
};
const upstreamBody = new Response(
  event('response.created', { sequence_number: 0, response: created }) +
    event('response.output_item.added', {
      sequence_number: 1,
      output_index: 0,
      item: { id: 'msg_1', type: 'message', role: 'assistant', status: 'in_progress', content: [] },
    }) +
    event('response.output_text.delta', {
      sequence_number: 2,
      item_id: 'msg_1',
      output_index: 0,
      content_index: 0,
      delta: 'Hi!',
    }) +
    event('response.completed', {
      sequence_number: 3,
      response: {
        ...created,
        status: 'completed',
        output: [
          {
            id: 'msg_1',
            type: 'message',
            role: 'assistant',
            status: 'completed',
            content: [{ type: 'output_text', text: 'Hi!', annotations: [] }],
          },
        ],
        usage: { input_tokens: 5, output_tokens: 2, total_tokens: 7 },
      },
    }),
).body!;
const write = (text: string): void => void process.stdout.write(text);
const machine = pipeMachines(
  pipeMachines(createSseParser(), openAiResponsesCodec.stream.createDecoder()),
  openAiResponsesCodec.stream.createEncoder({ model: ir.model }),
);
for await (const message of runMachine(machine, upstreamBody)) write(serializeSse(message));
