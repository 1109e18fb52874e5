import { readFileSync } from 'node:fs';

/**
 * The settings docs/agents.md shows for each agent CLI, read from the page's marked blocks
 * (`<!-- agent-setting: <cli> <what> -->` above a fenced block), so that the suite runs every CLI
 * with what the page tells a user to set, and the page cannot drift from what is tested. The page
 * writes its examples for a gateway on `http://127.0.0.1:8080`, the key in `INTERLINGUA_API_KEY`
 * and the route `mock`: a run puts its own gateway, key and model in their place.
 */
const PAGE_URL = new URL('../../../../docs/agents.md', import.meta.url);
const MARK = /^<!-- agent-setting: ([\w-]+) ([\w.-]+) -->$/;
const PAGE_GATEWAY = 'http://127.0.0.1:8080';
const PAGE_MODEL = /\bmock\b/g;
/** How the page hands the key over where a value is read from the environment: the shell, opencode's `{env:…}`. */
const PAGE_KEY_REFERENCES = ['$INTERLINGUA_API_KEY', '{env:INTERLINGUA_API_KEY}'];

/** What one run puts in place of the page's example gateway, key and model. */
export interface PageValues {
  gateway: string;
  key: string;
  model: string;
}

let blocks: Map<string, string> | undefined;

/** Every marked block of the page by `<cli> <what>`. */
export function pageBlocks(): Map<string, string> {
  if (blocks) return blocks;
  const lines = readFileSync(PAGE_URL, 'utf8').split('\n');
  blocks = new Map();
  lines.forEach((line, index) => {
    const mark = MARK.exec(line.trim());
    if (!mark || !lines[index + 1]?.startsWith('```')) return;
    const end = lines.indexOf('```', index + 2);
    blocks?.set(`${mark[1]} ${mark[2]}`, lines.slice(index + 2, end).join('\n'));
  });
  return blocks;
}

/** A block of the page with the run's gateway, key and model in place of the examples. */
export function pageBlock(cli: string, what: string, values: PageValues): string {
  const text = pageBlocks().get(`${cli} ${what}`);
  if (text === undefined) throw new Error(`docs/agents.md has no "agent-setting: ${cli} ${what}" block`);
  let filled = text.split(PAGE_GATEWAY).join(values.gateway);
  for (const reference of PAGE_KEY_REFERENCES) filled = filled.split(reference).join(values.key);
  return filled.replace(PAGE_MODEL, () => values.model);
}

/** The `export NAME="value"` lines of a page's `env` block. */
export function pageEnv(cli: string, values: PageValues): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of pageBlock(cli, 'env', values).split('\n')) {
    const found = /^export ([A-Z_][A-Z0-9_]*)="(.*)"$/.exec(line.trim());
    if (found?.[1] !== undefined && found[2] !== undefined) env[found[1]] = found[2];
  }
  return env;
}

/** A page's JSON block, parsed. */
export function pageJson(cli: string, what: string, values: PageValues): Record<string, unknown> {
  return JSON.parse(pageBlock(cli, what, values)) as Record<string, unknown>;
}

/** `base` with `extra` laid over it, objects merged at every depth (the suite's own settings beside the page's). */
export function deepMerge(base: Record<string, unknown>, extra: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const here = out[key];
    out[key] = isRecord(here) && isRecord(value) ? deepMerge(here, value) : value;
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A TOML file from the page's blocks and the suite's own lines: each part's lines grouped by the
 * table they sit in (`''` for the top level), tables in the order first seen.
 */
export function composeToml(parts: ReadonlyArray<string | Record<string, readonly string[]>>): string {
  const tables = new Map<string, string[]>();
  const add = (table: string, line: string): void => {
    const lines = tables.get(table) ?? [];
    lines.push(line);
    tables.set(table, lines);
  };
  tables.set('', []);
  for (const part of parts) {
    if (typeof part === 'string') {
      let table = '';
      for (const line of part.split('\n')) {
        const header = /^\[([^\]]+)\]$/.exec(line.trim());
        if (header?.[1] !== undefined) table = header[1];
        else if (line.trim() !== '') add(table, line);
      }
    } else for (const [table, lines] of Object.entries(part)) for (const line of lines) add(table, line);
  }
  return [...tables]
    .map(([table, lines]) => (table === '' ? lines : [`[${table}]`, ...lines]).join('\n'))
    .join('\n\n')
    .concat('\n');
}
