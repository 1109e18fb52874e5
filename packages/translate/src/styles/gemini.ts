/** @interlingua/translate/gemini: the Gemini generateContent codec and its wire types. */
export {
  geminiCodec,
  type GeminiGenerateContentRequest,
  type GeminiGenerateContentResponse,
} from '@interlingua/gemini';
