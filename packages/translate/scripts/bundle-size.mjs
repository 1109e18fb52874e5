// Measures what a browser bundle of a piece of code costs: esbuild, minified, for the browser,
// and its gzip size. Used by the bundle-size test (from sources) and the packed-consumer check
// (from the packed tarballs).
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/**
 * The largest gzipped browser bundle of a translator for one pair of styles (both codecs and
 * `createTranslator`), from the sources and from the packed packages alike: the largest pair,
 * OpenAI Responses and Anthropic Messages, measures 41.9 KiB.
 */
export const PAIR_TRANSLATOR_BUDGET_BYTES = 42.25 * 1024;

/**
 * The largest gzipped browser bundle of the package's main entry (all four styles), from the
 * sources and from the packed packages alike: 67.0 KiB.
 */
export const ALL_STYLES_BUDGET_BYTES = 67.5 * 1024;

/** The codec each per-style entry (`@interlingua/translate/<style>`) exports. */
export const STYLE_CODECS = {
  'openai-chat': 'openAiChatCodec',
  'openai-responses': 'openAiResponsesCodec',
  'anthropic-messages': 'anthropicMessagesCodec',
  gemini: 'geminiCodec',
};

/** A translator for one pair of styles, both ways, built from the lean entries. */
export function pairTranslatorSource(first, second) {
  const [a, b] = [STYLE_CODECS[first], STYLE_CODECS[second]];
  return `
import { createTranslator } from '@interlingua/translate/core';
import { ${a} } from '@interlingua/translate/${first}';
import { ${b} } from '@interlingua/translate/${second}';
export const forward = createTranslator(${a}, ${b});
export const back = createTranslator(${b}, ${a});
`;
}

/** Anthropic Messages callers on an OpenAI chat upstream: the example pair. */
export const PAIR_TRANSLATOR_SOURCE = `${pairTranslatorSource('anthropic-messages', 'openai-chat')}
export { forward as toChat, back as toAnthropic };
`;

/** Every style, through the main entry. */
export const ALL_STYLES_SOURCE = `export { translateRequest, translateResponse, translateStream } from '@interlingua/translate';`;

/**
 * Bundles `source` (resolved from `resolveDir`) for the browser and returns the code with its
 * minified and gzipped sizes in bytes.
 */
export async function measureBrowserBundle(source, resolveDir, conditions = []) {
  const result = await build({
    stdin: { contents: source, resolveDir, loader: 'js', sourcefile: 'entry.mjs' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    conditions,
    write: false,
    logLevel: 'error',
  });
  const code = result.outputFiles[0].text;
  return { code, minified: Buffer.byteLength(code), gzipped: gzipSync(code, { level: 9 }).length };
}

/** `123.4 KiB` */
export function kib(bytes) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}
