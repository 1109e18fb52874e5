import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { presentedKey } from './auth/api-keys.js';
import { keySchema } from './config/config-schema.js';

const root = new URL('../../../', import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, root), 'utf8');
const pages = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(new URL('docs/', root)).map((name) => `docs/${name}`),
].filter((path) => path.endsWith('.md'));

/** Lines of a page where a table goes on after a blank line: the rows below it render as text. */
function brokenTables(text: string): number[] {
  const lines = text.split('\n');
  const broken: number[] = [];
  lines.forEach((line, i) => {
    const isRow = line.startsWith('|');
    const startsTable = /^\|[\s:|-]+\|$/.test(lines[i + 1] ?? '');
    if (isRow && !startsTable && lines[i - 1]?.trim() === '' && lines[i - 2]?.startsWith('|')) broken.push(i + 1);
  });
  return broken;
}

describe('the docs agree with the code', () => {
  it.each(pages)('%s has no table cut in two by a blank line', (page) => {
    expect(brokenTables(read(page))).toEqual([]);
  });

  it('CONTRIBUTING names the translator pair budget the bundle-size test holds', () => {
    const script = read('packages/translate/scripts/bundle-size.mjs');
    const kib = /PAIR_TRANSLATOR_BUDGET_BYTES = ([\d.]+) \* 1024/.exec(script)?.[1];
    expect(kib).toBeDefined();
    expect(read('CONTRIBUTING.md')).toContain(`holds every pair of styles to ${kib} KiB`);
  });

  it('the keys section names every header a key is accepted in, and the shortest secret', () => {
    const keys = /## `keys`\n([\s\S]*?)\n## /.exec(read('docs/configuration.md'))?.[1] ?? '';
    for (const header of ['x-api-key', 'x-goog-api-key', 'api-key']) {
      expect(presentedKey({ [header]: 'secret-value' }, () => new URLSearchParams())).toBe('secret-value');
      expect(keys).toContain(`\`${header}\``);
    }
    const shortest = Array.from({ length: 64 }, (_, n) => n + 1).find(
      (length) => keySchema.safeParse({ name: 'k', secret: 'x'.repeat(length) }).success,
    );
    expect(keys).toContain(`at least ${shortest} characters`);
  });
});
