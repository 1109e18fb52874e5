import { createSseParser, machineTransformStream } from '@interlingua/ir-utils';

const response = new Response('event: greeting\ndata: {"text":"Hello"}\n\ndata: [DONE]\n\n'); // e.g. await fetch(…)
const messages = response.body!.pipeThrough(machineTransformStream(createSseParser()));
for await (const message of messages) console.log(message.event, message.data);
