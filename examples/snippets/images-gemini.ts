import {
  imagesRequestToIr,
  irToImagesResponse,
  openAiImageGenerationRequestSchema,
  parseImagesWire,
} from '@interlingua/images';
import { geminiCodec } from '@interlingua/gemini';

const body = { model: 'gemini-2.5-flash-image', prompt: 'A red square', size: '1024x1024' };
const request = parseImagesWire(openAiImageGenerationRequestSchema, body);
const ir = imagesRequestToIr({ request, model: 'gemini-2.5-flash-image', provider: 'gemini' });
const upstreamBody = geminiCodec.request.fromIr(ir.value).value; // POST models/…:generateContent
console.log(upstreamBody.contents);
const answer = {
  candidates: [
    {
      content: { role: 'model', parts: [{ inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }] },
      finishReason: 'STOP',
      index: 0,
    },
  ],
  usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 1290, totalTokenCount: 1295 },
};
const images = irToImagesResponse(geminiCodec.response.toIr(answer).value, 'gemini').value; // {created, data:[{b64_json}], …}
console.log(images.data?.length);
