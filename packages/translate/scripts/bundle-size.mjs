// Measures what a browser bundle of a piece of code costs: esbuild, minified, for the browser,
// and its gzip size. Used by the bundle-size test (from sources) and the packed-consumer check
// (from the packed tarballs).
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** The largest gzipped browser bundle a translator for one pair of styles may take. */
export const PAIR_TRANSLATOR_BUDGET_BYTES = 40 * 1024;

/** The largest gzipped browser bundle of the whole package (all four styles) may take. */
export const ALL_STYLES_BUDGET_BYTES = 64 * 1024;

/** A translator for one pair of styles, built from the lean entries. */
export const PAIR_TRANSLATOR_SOURCE = `
import { createTranslator } from '@interlingua/translate/core';
import { anthropicMessagesCodec } from '@interlingua/translate/anthropic-messages';
import { openAiChatCodec } from '@interlingua/translate/openai-chat';
export const toChat = createTranslator(anthropicMessagesCodec, openAiChatCodec);
export const toAnthropic = createTranslator(openAiChatCodec, anthropicMessagesCodec);
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
