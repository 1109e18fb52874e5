import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAGE, readAllResults, REGENERATE_COMMAND, renderClientsMarkdown } from '../clients-matrix.mjs';

describe('docs/clients.md', () => {
  // The update run (clients-matrix.mjs) renders the page itself, after every suite wrote its results.
  it.skipIf(process.env.UPDATE_CLIENT_MATRIX === '1')(
    `is rendered from the committed results (regenerate: ${REGENERATE_COMMAND})`,
    () => {
      const results = readAllResults();
      expect(results.length, 'committed results').toBeGreaterThan(0);
      expect(readFileSync(PAGE, 'utf8'), `docs/clients.md is stale: regenerate it with \`${REGENERATE_COMMAND}\``).toBe(
        renderClientsMarkdown(results),
      );
    },
  );
});
