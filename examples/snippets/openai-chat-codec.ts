import { parseSseText, runMachineSync, serializeSseMessages } from '@interlingua/ir-utils';
import { openAiChatCodec } from '@interlingua/openai-chat';

// An inbound chat request -> IR (throws IrError 400 naming the bad field).
const request = new Request('http://localhost/v1/chat/completions', {
  method: 'POST',
  body: JSON.stringify({
    model: 'gpt-4.1',
    stream: true,
    stream_options: { include_usage: true },
    messages: [{ role: 'user', content: 'Hi' }],
  }),
});
const { value: ir } = openAiChatCodec.request.toIr(await request.json());

// IR -> a chat request for an OpenAI-compatible upstream.
const { value: body, warnings } = openAiChatCodec.request.fromIr(ir);
console.log(body.model, warnings);

// Upstream SSE -> IR events -> SSE for the caller.
const upstreamSse =
  'data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"gpt-4.1","choices":[{"index":0,"delta":{"role":"assistant","content":"Hello"},"finish_reason":null}]}\n\n' +
  'data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"gpt-4.1","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n' +
  'data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"gpt-4.1","choices":[],"usage":{"prompt_tokens":8,"completion_tokens":1,"total_tokens":9}}\n\n' +
  'data: [DONE]\n\n';
const events = runMachineSync(openAiChatCodec.stream.createDecoder(), parseSseText(upstreamSse));
const sse = serializeSseMessages(
  runMachineSync(
    openAiChatCodec.stream.createEncoder({ includeUsage: ir.includeStreamUsage, model: 'my-alias' }),
    events,
  ),
);
console.log(sse);
