import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ALL_STYLES_BUDGET_BYTES,
  ALL_STYLES_SOURCE,
  PAIR_TRANSLATOR_BUDGET_BYTES,
  PAIR_TRANSLATOR_SOURCE,
  STYLE_CODECS,
  kib,
  pairTranslatorSource,
  measureBrowserBundle,
} from '../scripts/bundle-size.mjs';

/** The browser bundle sizes, from the sources (the packed package is measured by `check:packed`). */
describe('browser bundle size (esbuild, minified, gzipped)', () => {
  const here = new URL('.', import.meta.url).pathname;

  const styles = Object.keys(STYLE_CODECS) as Array<keyof typeof STYLE_CODECS>;
  const pairs = styles.flatMap((first, index) => styles.slice(index + 1).map((second) => [first, second] as const));

  it.each(pairs)(
    'a translator between %s and %s stays within the pair budget and leaves the other styles out',
    async (first, second) => {
      const pair = await measureBrowserBundle(pairTranslatorSource(first, second), here, ['@interlingua/source']);
      console.log(`${first} <-> ${second}: ${kib(pair.minified)} minified, ${kib(pair.gzipped)} gzipped`);
      expect(pair.gzipped).toBeLessThanOrEqual(PAIR_TRANSLATOR_BUDGET_BYTES);
      const marker = {
        'openai-chat': 'chat.completion.chunk',
        'openai-responses': 'response.output_text.delta',
        'anthropic-messages': 'content_block_delta',
        gemini: 'generationConfig',
      };
      for (const other of styles.filter((style) => style !== first && style !== second))
        expect(pair.code).not.toContain(marker[other]);
      for (const style of [first, second]) expect(pair.code).toContain(marker[style]);
    },
  );

  it('the bundled translator still names the problem of an invalid request in English', async () => {
    const pair = await measureBrowserBundle(PAIR_TRANSLATOR_SOURCE, here, ['@interlingua/source']);
    const dir = mkdtempSync(join(tmpdir(), 'interlingua-bundle-'));
    try {
      writeFileSync(join(dir, 'pair.mjs'), pair.code);
      const { toChat, toAnthropic } = (await import(
        /* @vite-ignore */ pathToFileURL(join(dir, 'pair.mjs')).href
      )) as Record<'toChat' | 'toAnthropic', { request(body: unknown): unknown }>;
      expect(() => toChat.request({ model: 'm', max_tokens: 'ten', messages: [] })).toThrow(
        'max_tokens: Invalid input: expected number, received string',
      );
      expect(() => toAnthropic.request({ model: 'm', messages: [{ role: 'robot', content: 'Hi' }] })).toThrow(
        /^messages\[0\]\.role: /,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('all four styles stay within their budget', async () => {
    const all = await measureBrowserBundle(ALL_STYLES_SOURCE, here, ['@interlingua/source']);
    console.log(`all styles: ${kib(all.minified)} minified, ${kib(all.gzipped)} gzipped`);
    expect(all.gzipped).toBeLessThanOrEqual(ALL_STYLES_BUDGET_BYTES);
    expect(all.code).toContain('generationConfig');
  });
});
