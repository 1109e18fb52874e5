import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startClientHarness,
  UPSTREAM_STYLES,
  type ClientHarness,
  type UpstreamStyle,
} from './client-harness.test-support.js';
import { FEATURES, type ChatDriver, type EmbedDriver, type FeatureId } from './features.test-support.js';
import { LANE, type LoadedPackage } from './lane.js';
import { REGENERATE_COMMAND, RESULTS_DIR } from '../clients-matrix.mjs';

/** A client as the matrix judges it: its drivers, the packages it loads, and its known limits. */
export interface ClientUnderTest {
  id: string;
  title: string;
  packages: LoadedPackage[];
  chat?: ChatDriver;
  embed?: EmbedDriver;
  /** Features the client cannot do against an upstream style (all styles when `style` is absent), with the reason. */
  limits?: Array<{ feature: FeatureId; style?: UpstreamStyle; lane?: typeof LANE; reason: string }>;
}

export type CellStatus = 'pass' | 'fail' | 'n/a' | 'limit';
export interface CellResult {
  client: string;
  upstream: UpstreamStyle;
  feature: FeatureId;
  status: CellStatus;
  note?: string;
}
export interface SuiteResults {
  suite: string;
  title: string;
  lane: typeof LANE;
  upstreams: ReadonlyArray<{ id: string; title: string }>;
  features: Array<{ id: string; title: string }>;
  clients: Array<{ id: string; title: string; packages: LoadedPackage[] }>;
  cells: CellResult[];
}

const UPDATE = process.env.UPDATE_CLIENT_MATRIX === '1';

export function resultsFile(lane: string, suite: string): string {
  return join(RESULTS_DIR, lane, `${suite}.json`);
}

/** A failure's message without what changes from run to run (ports, ids). */
function stableNote(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n').find((line) => line.trim().length > 0) ?? '')
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>')
    .slice(0, 240);
}

function notApplicable(
  client: ClientUnderTest,
  style: UpstreamStyle,
  feature: FeatureId,
): { status: CellStatus; note: string } | undefined {
  const spec = FEATURES.find((f) => f.id === feature);
  const reason = spec?.notFor?.[style];
  if (reason) return { status: 'n/a', note: reason };
  if (feature === 'embeddings' && !client.embed) return { status: 'n/a', note: 'the client has no embeddings' };
  if (feature !== 'embeddings' && !client.chat) return { status: 'n/a', note: 'the client only embeds' };
  const limit = client.limits?.find(
    (l) =>
      l.feature === feature &&
      (l.style === undefined || l.style === style) &&
      (l.lane === undefined || l.lane === LANE),
  );
  return limit ? { status: 'limit', note: limit.reason } : undefined;
}

/**
 * The matrix for a set of clients: one gateway and one recorded upstream for the file, one test
 * per client, upstream style and feature, then a check that the committed results of this lane
 * (apps/client-suites/results/<lane>/<suite>.json, rendered into docs/clients.md) are current.
 */
export function clientMatrix(suite: string, title: string, clients: ClientUnderTest[]): void {
  let harness: ClientHarness;
  const cells: CellResult[] = [];
  beforeAll(async () => {
    harness = await startClientHarness();
  });
  afterAll(async () => {
    await harness.close();
  });

  for (const client of clients) {
    describe(client.title, () => {
      for (const style of UPSTREAM_STYLES) {
        for (const feature of FEATURES) {
          const cell = { client: client.id, upstream: style.id, feature: feature.id };
          const skipped = notApplicable(client, style.id, feature.id);
          if (skipped) {
            cells.push({ ...cell, ...skipped });
            continue;
          }
          it(`${style.title} upstream: ${feature.title}`, async () => {
            try {
              await feature.run({ chat: client.chat, embed: client.embed }, harness, style.id);
              cells.push({ ...cell, status: 'pass' });
            } catch (error) {
              cells.push({ ...cell, status: 'fail', note: stableNote(error) });
              throw error;
            }
          });
        }
      }
    });
  }

  it(`the committed ${LANE} results are current (regenerate: ${REGENERATE_COMMAND})`, () => {
    const order = (c: CellResult) =>
      `${clients.findIndex((x) => x.id === c.client)}/${UPSTREAM_STYLES.findIndex((s) => s.id === c.upstream)}/${FEATURES.findIndex((f) => f.id === c.feature)}`;
    const sorted = [...cells].sort((a, b) => order(a).localeCompare(order(b), 'en', { numeric: true }));
    expect(sorted.length, 'run the whole file: the results need every cell').toBe(
      clients.length * UPSTREAM_STYLES.length * FEATURES.length,
    );
    const results: SuiteResults = {
      suite,
      title,
      lane: LANE,
      upstreams: UPSTREAM_STYLES,
      features: FEATURES.map((f) => ({ id: f.id, title: f.title })),
      clients: clients.map(({ id, title: name, packages }) => ({ id, title: name, packages })),
      cells: sorted,
    };
    const json = resultsJson(results);
    const file = resultsFile(LANE, suite);
    if (UPDATE) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, json);
      return;
    }
    expect(readOrEmpty(file), `${file} is stale: regenerate it with \`${REGENERATE_COMMAND}\` and commit it`).toBe(
      json,
    );
  });
}

/** The results as committed: the header indented, one line per cell (a diff shows the cells that changed). */
function resultsJson(results: SuiteResults): string {
  const { cells, ...header } = results;
  const head = JSON.stringify(header, null, 2).replace(/\n}$/, '');
  return `${head},\n  "cells": [\n${cells.map((cell) => `    ${JSON.stringify(cell)}`).join(',\n')}\n  ]\n}\n`;
}

export function readOrEmpty(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
