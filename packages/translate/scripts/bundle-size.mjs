// Measures what a browser bundle of a piece of code costs: esbuild, minified, for the browser,
// and its gzip size. Used by the bundle-size test (from sources) and the packed-consumer check
// (from the packed tarballs).
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/**
 * The largest gzipped browser bundle a translator for one pair of styles may take: 40 KiB, 0.5 KiB
 * more for the request schemas' documented ranges and string limits, and 2.5 KiB more for web
 * search results and citations in every style (search blocks and items, citations with their
 * offset conversions, streamed both ways: 2.6 KiB on the largest pair, Anthropic and Gemini),
 * 0.75 KiB more for the per-answer citation caps and the one-walk offset conversion (0.6 KiB
 * on the largest pair, 44.0 KiB), and 0.5 KiB more for Responses namespaced tools (flattened for
 * other styles and split again in answers: 0.5 KiB on Responses and Gemini, now the largest pair
 * at 44.4 KiB), and 2 KiB more for MCP servers and MCP items (the Responses `mcp` tool and its
 * items with today's error objects, Anthropic's MCP connector and its blocks with blocked tools,
 * streamed both ways, and the other styles' warnings for MCP items they drop: 2.6 KiB on the
 * largest pair, Responses and Anthropic, at 46.6 KiB, after 0.9 KiB saved by keeping the strict
 * Responses answer schemas out of bundles that never validate).
 */
export const PAIR_TRANSLATOR_BUDGET_BYTES = 46.75 * 1024;

/**
 * The largest gzipped browser bundle of the whole package (all four styles) may take: the packed
 * main entry is 71.4 KiB with web search results and citations in every style and the per-answer
 * citation caps (70.4 KiB before the caps, 66.1 KiB before search), 72.9 KiB from sources with
 * MCP servers and items in the Responses and Anthropic styles, and 75.7 KiB packed: the packed
 * main entry now keeps 2.8 KiB that the build from sources drops (not yet explained; the one-pair
 * bundle shows no such gap).
 */
export const ALL_STYLES_BUDGET_BYTES = 76 * 1024;

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
