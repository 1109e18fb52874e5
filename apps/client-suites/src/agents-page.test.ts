import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AGENT_CLIS } from './agent-clis/agent-clis.test-support.js';
import { pageBlock, pageBlocks, pageEnv, pageJson } from './agent-clis/agent-settings-page.test-support.js';

/**
 * docs/agents.md is what a user sets; the agent-CLI suite (its own lane) runs each CLI with it.
 * Here, on every run: each marked block of the page reaches the CLI's files or environment as the
 * page shows it, and no block is left unread.
 */
const home = mkdtempSync(join(tmpdir(), 'agents-page-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const values = { gateway: 'http://127.0.0.1:4321', key: 'ilg-page-test-key-0123456789', model: 'team/model-a' };
/** Where each CLI keeps the file a block names, under its home. */
const FILES: Record<string, string> = {
  'codex config.toml': '.codex/config.toml',
  'codex-websocket config.toml': '.codex/config.toml',
  'gemini-cli settings.json': '.gemini/settings.json',
  'qwen-code settings.json': '.qwen/settings.json',
  'pi models.json': '.pi/agent/models.json',
};

function runOf(id: string, what: string) {
  const cli = AGENT_CLIS.find((candidate) => candidate.id === (id === 'codex' ? 'codex-http' : id));
  if (!cli) throw new Error(`no CLI ${id} in the suite`);
  const cliHome = mkdtempSync(join(home, `${cli.id}-`));
  const run = cli.build({ ...values, home: cliHome, dir: join(cliHome, 'work'), prompt: 'hi' });
  const file = FILES[`${id} ${what}`];
  const written = file
    ? readFileSync(join(cliHome, file), 'utf8')
    : what === 'opencode.json'
      ? (run.env.OPENCODE_CONFIG_CONTENT ?? '')
      : '';
  return { run, written };
}

describe('docs/agents.md and the agent-CLI suite', () => {
  it('marks a block for every CLI the suite runs', () => {
    const clis = new Set([...pageBlocks().keys()].map((name) => name.split(' ')[0]));
    for (const cli of AGENT_CLIS) expect(clis).toContain(cli.id === 'codex-http' ? 'codex' : cli.id);
  });

  it.each([...pageBlocks().keys()])('%s reaches the CLI as the page shows it', (name) => {
    const [id = '', what = ''] = name.split(' ');
    const { run, written } = runOf(id, what);
    expect(JSON.stringify(pageBlock(id, what, values))).not.toContain('127.0.0.1:8080');
    if (what === 'env') expect(run.env).toMatchObject(pageEnv(id, values));
    else if (what.endsWith('.json')) expect(JSON.parse(written)).toMatchObject(pageJson(id, what, values));
    else
      for (const line of pageBlock(id, what, values)
        .split('\n')
        .filter((text) => text.trim() !== ''))
        expect(written.split('\n')).toContain(line);
  });
});
