import { describe, expect, it } from 'vitest';
import {
  ALL_STYLES_BUDGET_BYTES,
  ALL_STYLES_SOURCE,
  PAIR_TRANSLATOR_BUDGET_BYTES,
  PAIR_TRANSLATOR_SOURCE,
  kib,
  measureBrowserBundle,
} from '../scripts/bundle-size.mjs';

/** The browser bundle sizes, from the sources (the packed package is measured by `check:packed`). */
describe('browser bundle size (esbuild, minified, gzipped)', () => {
  const here = new URL('.', import.meta.url).pathname;

  it('a translator for one pair of styles stays within its budget and leaves the other styles out', async () => {
    const pair = await measureBrowserBundle(PAIR_TRANSLATOR_SOURCE, here, ['@interlingua/source']);
    console.log(`one pair: ${kib(pair.minified)} minified, ${kib(pair.gzipped)} gzipped`);
    expect(pair.gzipped).toBeLessThanOrEqual(PAIR_TRANSLATOR_BUDGET_BYTES);
    expect(pair.code).not.toContain('generationConfig');
    expect(pair.code).not.toContain('response.output_text.delta');
  });

  it('all four styles stay within their budget', async () => {
    const all = await measureBrowserBundle(ALL_STYLES_SOURCE, here, ['@interlingua/source']);
    console.log(`all styles: ${kib(all.minified)} minified, ${kib(all.gzipped)} gzipped`);
    expect(all.gzipped).toBeLessThanOrEqual(ALL_STYLES_BUDGET_BYTES);
    expect(all.code).toContain('generationConfig');
  });
});
