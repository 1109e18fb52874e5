export { GENERATION_STYLES, styleCodec, type GenerationStyle } from './translation-styles.js';
export {
  createStreamTranslator,
  translateError,
  translateRequest,
  translateResponse,
  translateStream,
  type RequestTranslationOptions,
  type StreamTranslationOptions,
  type Translation,
} from './translate.js';
