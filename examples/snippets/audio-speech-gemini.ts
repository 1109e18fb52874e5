import { openAiSpeechRequestSchema, parseAudioWire, speechAudioFromIr, speechRequestToIr } from '@interlingua/audio';
import { geminiCodec } from '@interlingua/gemini';

const request = parseAudioWire(openAiSpeechRequestSchema, {
  model: 'tts',
  input: 'Hello',
  voice: 'Kore',
  response_format: 'wav',
});
const ir = speechRequestToIr(request, 'gemini-2.5-flash-preview-tts', 'gemini');
const upstreamBody = geminiCodec.request.fromIr(ir.value).value;
console.log(upstreamBody.generationConfig); // POST it to models/gemini-2.5-flash-preview-tts:generateContent
const answer = {
  candidates: [
    {
      content: {
        role: 'model',
        parts: [{ inlineData: { mimeType: 'audio/L16;codec=pcm;rate=24000', data: 'AAABAAIAAwA=' } }],
      },
      finishReason: 'STOP',
      index: 0,
    },
  ],
  modelVersion: 'gemini-2.5-flash-preview-tts',
};
const audio = speechAudioFromIr(geminiCodec.response.toIr(answer).value, 'wav', 'gemini');
// write audio.header, then each base64 chunk decoded, with Content-Type audio.contentType
console.log(audio.contentType, audio.byteLength);
