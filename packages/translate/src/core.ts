/**
 * @interlingua/translate/core: translators built from the codecs passed in, e.g.
 * `createTranslator(anthropicMessagesCodec, openAiChatCodec)` with the codecs from
 * `@interlingua/translate/anthropic-messages` and `@interlingua/translate/openai-chat`.
 */
export {
  createTranslator,
  type CodecRequest,
  type CodecResponse,
  type ErrorTranslation,
  type RequestTranslationOptions,
  type StreamTranslationOptions,
  type Translation,
  type Translator,
} from './translator.js';
