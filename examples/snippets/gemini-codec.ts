import { geminiCodec } from '@interlingua/gemini';
import { createSseParser, pipeMachines, runMachine, accumulateResponse } from '@interlingua/ir-utils';
import type { IrStreamEvent } from '@interlingua/ir';

// A Gemini body in, an IR request out (the model is in the URL: set it yourself).
const req = new Request('http://localhost/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse', {
  method: 'POST',
  body: JSON.stringify({
    contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
    generationConfig: { temperature: 0.2 },
  }),
});
const { value: ir } = geminiCodec.request.toIr(await req.json());
ir.model = 'gemini-2.5-flash';

// IR back to a Gemini body for an upstream call.
const { value: body, warnings } = geminiCodec.request.fromIr(ir);
console.log(body.contents, warnings);

// Decode an upstream SSE stream into IR events.
const upstream = new Response(
  'data: {"candidates":[{"content":{"role":"model","parts":[{"text":"Hi"}]},"index":0}],"modelVersion":"gemini-2.5-flash","responseId":"r1"}\r\n\r\n' +
    'data: {"candidates":[{"content":{"role":"model","parts":[{"text":" there!"}]},"finishReason":"STOP","index":0}],"usageMetadata":{"promptTokenCount":2,"candidatesTokenCount":3,"totalTokenCount":5},"modelVersion":"gemini-2.5-flash","responseId":"r1"}\r\n\r\n',
);
const decode = pipeMachines(createSseParser(), geminiCodec.stream.createDecoder());
const events: IrStreamEvent[] = [];
for await (const event of runMachine(decode, upstream.body!)) events.push(event);
const answer = accumulateResponse(events);
console.log(answer.choices[0]?.content); // [{ type: 'text', text: 'Hi there!' }]
