import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const order = require('../gateway-tiers.cjs') as { entry: string[]; tiers: string[][] };
const source = new URL('.', import.meta.url);
const doc = readFileSync(new URL('../../../docs/gateway-architecture.md', import.meta.url), 'utf8');

const folders = readdirSync(source, { withFileTypes: true })
  .filter((item) => item.isDirectory() && item.name !== 'e2e')
  .map((item) => item.name);

describe('the gateway architecture page and the folder order agree', () => {
  it('places every folder of apps/gateway/src in the order, and nothing that is not there', () => {
    const listed = [...order.tiers.flat(), ...order.entry.filter((name) => !name.endsWith('.ts'))];
    expect([...listed].sort()).toEqual([...folders].sort());
  });

  it('gives every folder its line in the table, at its tier, with the tiers the rules let it import', () => {
    const last = order.tiers.length;
    order.tiers.forEach((tier, index) => {
      const at = index + 1;
      const mayImport =
        at === last
          ? `tier ${last}`
          : `tiers ${at}–${last}${tier.includes('context') ? '; earlier tiers by type only' : ''}`;
      for (const folder of tier)
        expect(doc).toMatch(new RegExp(`^\\| ${at} \\| [^|]*\`${folder}/\`[^|]*\\| [^|]* \\| ${mayImport} \\|$`, 'm'));
    });
    for (const folder of order.entry.filter((name) => !name.endsWith('.ts')))
      expect(doc).toMatch(new RegExp(`^\\| entry \\| \`${folder}/\` \\| [^|]* \\| anything \\|$`, 'm'));
  });
});

describe('the generation record on the architecture page and in the code agree', () => {
  const code = (file: string): string => readFileSync(new URL(file, import.meta.url), 'utf8');
  const named = (pattern: RegExp, text: string): string[] => [...text.matchAll(pattern)].map((match) => match[1]!);

  it("names every verb of the call outcome and every field of the request's way", () => {
    const verbs = named(/^ {2}(\w+)\(.*\): void \{$/gm, code('./context/call-outcome.ts'));
    const record = code('./context/generation-call.ts');
    const wayStart = record.indexOf('export interface RequestWay');
    const wayType = record.slice(wayStart, record.indexOf('\n}', wayStart));
    const way = named(/^ {2}readonly (\w+): boolean;$/gm, wayType);
    expect(verbs.length).toBeGreaterThan(5);
    expect(way).toEqual(['opensCarriers', 'relayable', 'callerMarksCache']);
    for (const verb of verbs) expect(doc).toContain(`\`${verb}(`);
    for (const field of way) expect(doc).toContain(`\`${field}\``);
  });
});
