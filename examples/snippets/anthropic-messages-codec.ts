import { anthropicMessagesCodec as anthropic, validateAnthropicMessagesStream } from '@interlingua/anthropic-messages';
import { parseSseText, runMachineSync, serializeSseMessages } from '@interlingua/ir-utils';

// An Anthropic request body -> IR (throws IrError 'invalid-request' naming the bad field).
const body = {
  model: 'claude-sonnet-4-5',
  max_tokens: 256,
  system: 'Be brief.',
  messages: [{ role: 'user', content: 'Hello' }],
};
const { value: ir } = anthropic.request.toIr(body);

// Any IR request -> an Anthropic body to send upstream, with warnings for what got lost.
const { value: upstreamBody, warnings } = anthropic.request.fromIr(ir);
console.log(upstreamBody.system, warnings);

// An upstream answer -> IR, and an IR answer -> a Message the official SDK reads.
const json = {
  id: 'msg_01',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-5',
  content: [{ type: 'text', text: 'Hi!' }],
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: { input_tokens: 12, output_tokens: 3 },
};
const { value: answer } = anthropic.response.toIr(json);
const { value: message } = anthropic.response.fromIr(answer);
console.log(message.content);

// Streams: SSE messages -> IR events -> SSE messages.
const upstreamSse = [
  'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_01","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":12,"output_tokens":1}}}\n\n',
  'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n',
  'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi!"}}\n\n',
  'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n',
  'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":3}}\n\n',
  'event: message_stop\ndata: {"type":"message_stop"}\n\n',
].join('');
const events = runMachineSync(anthropic.stream.createDecoder(), parseSseText(upstreamSse));
const sse = runMachineSync(anthropic.stream.createEncoder({ model: 'my-alias' }), events);
console.log(validateAnthropicMessagesStream(sse)); // [] when the SDK will accept it
const text = serializeSseMessages(sse);
console.log(text.length > 0);

// Errors both ways.
const upstreamErrorBody = { type: 'error', error: { type: 'rate_limit_error', message: 'Slow down' } };
const irError = anthropic.error.toIr(429, upstreamErrorBody);
const { status, body: errorBody } = anthropic.error.fromIr(irError);
console.log(status, errorBody);
