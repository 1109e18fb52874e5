import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { MCP_LOOP_RESULTS } from '../../../../scripts/compatibility-matrix.mjs';

/**
 * The results of the MCP-in-requests matrix (caller style × upstream wire × whole/streamed), kept
 * in docs/compatibility-mcp-loop.json: scripts/compatibility-matrix.mjs renders the table "MCP tools
 * inside model requests" of docs/compatibility.md from it. The matrix test rewrites the file with
 * UPDATE_COMPATIBILITY=1 and otherwise fails when the committed file differs from its run.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

export interface McpLoopCell {
  caller: string;
  upstream: string;
  mode: 'whole' | 'stream';
  status: 'pass' | 'fail';
  /** The first line of the failed assertion. */
  problem?: string;
}

export interface McpLoopResults {
  callers: Array<{ id: string; title: string; judge: string }>;
  upstreams: Array<{ id: string; title: string }>;
  cells: McpLoopCell[];
}

/** Runs one cell's judge, records its verdict in `cells`, and rethrows a failure so the test fails. */
export async function judgeCell(
  cells: McpLoopCell[],
  cell: Omit<McpLoopCell, 'status' | 'problem'>,
  judge: () => Promise<void>,
): Promise<void> {
  try {
    await judge();
    cells.push({ ...cell, status: 'pass' });
  } catch (error) {
    const problem = (error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 240) ?? '';
    cells.push({ ...cell, status: 'fail', problem });
    throw error;
  }
}

/** The version of a package installed for the gateway's tests. */
export function installedVersion(name: string): string {
  const manifest = JSON.parse(
    readFileSync(join(ROOT, 'apps', 'gateway', 'node_modules', name, 'package.json'), 'utf8'),
  ) as { version: string };
  return manifest.version;
}

/** Writes the results (UPDATE_COMPATIBILITY=1) or checks the committed file holds them. */
export function keepResults(results: McpLoopResults): void {
  const order = (cell: McpLoopCell): string => `${cell.caller}/${cell.upstream}/${cell.mode}`;
  const sorted = { ...results, cells: [...results.cells].sort((a, b) => order(a).localeCompare(order(b))) };
  const json = `${JSON.stringify(sorted, null, 2)}\n`;
  if (process.env.UPDATE_COMPATIBILITY === '1') {
    writeFileSync(MCP_LOOP_RESULTS, json);
    return;
  }
  const committed = existsSync(MCP_LOOP_RESULTS) ? readFileSync(MCP_LOOP_RESULTS, 'utf8') : '';
  expect(
    committed,
    'docs/compatibility-mcp-loop.json is stale: rerun with UPDATE_COMPATIBILITY=1, then node scripts/compatibility-matrix.mjs',
  ).toBe(json);
}
