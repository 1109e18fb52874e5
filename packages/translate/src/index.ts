/**
 * @interlingua/translate: any generation style to any other by style name. The lean entry
 * `@interlingua/translate/core` takes codecs instead, so a bundle carries only the styles it uses.
 */
export {
  GENERATION_STYLES,
  styleCodec,
  type GenerationStyle,
  type StyleRequest,
  type StyleResponse,
} from './translation-styles.js';
export {
  createStreamTranslator,
  translateError,
  translateRequest,
  translateResponse,
  translateStream,
} from './translate.js';
export * from './core.js';
