import { openAiChatCodec } from '@interlingua/openai-chat';
import { createSseParser, pipeMachines, runMachineSync } from '@interlingua/ir-utils';

const { value: ir, warnings } = openAiChatCodec.request.toIr({
  model: 'gpt-4.1',
  messages: [{ role: 'user', content: 'Hi' }],
});
console.log(ir.messages[0], warnings); // { role: 'user', content: [{ type: 'text', text: 'Hi' }] } []

// decode an SSE body from an OpenAI-style server into IR stream events: one parser and one
// decoder for the whole stream, fed its bytes as they arrive
const sseBytes = new TextEncoder().encode(
  'data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"gpt-4.1","choices":[{"index":0,"delta":{"role":"assistant","content":"Hello"},"finish_reason":null}]}\n\n' +
    'data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"gpt-4.1","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n' +
    'data: [DONE]\n\n',
);
const decoder = pipeMachines(createSseParser(), openAiChatCodec.stream.createDecoder());
const events = runMachineSync(decoder, [sseBytes.subarray(0, 50), sseBytes.subarray(50)]);
console.log(events.map((event) => event.type)); // response-start, text-start, text-delta, text-end, finish
