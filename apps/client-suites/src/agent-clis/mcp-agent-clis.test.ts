import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Harness } from '@interlingua/gateway/test-support';
import {
  connectSdkClient,
  EVERYTHING_MAIN,
  GATEWAY_KEY,
  providerForWire,
  startHarness,
} from '@interlingua/gateway/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_CLIS, quietEnv, type AgentCli, type CliSetup } from './agent-clis.test-support.js';
import {
  MCP_ANSWER_HEAD,
  MCP_MARKER,
  startMcpToolUpstream,
  type McpToolUpstream,
} from './mcp-tool-upstream.test-support.js';
import { executablePath, installed, runCli } from './run-cli.test-support.js';

/**
 * Agent CLIs reach their MCP tools through the gateway's aggregated `/mcp`: Claude Code with the
 * server added by `claude mcp add --transport http` and by `--mcp-config` JSON, Codex with a
 * `[mcp_servers]` table (streamable HTTP url, the gateway key from an environment variable). The
 * scripted model (a loopback upstream behind the gateway) asks for `everything__echo`; the CLI
 * calls it through the gateway (server-everything over stdio behind it) and the model answers with
 * what the tool said. Prints the client table.
 */
/** The routes the CLIs use: a chat upstream (Claude Code, Codex) and a Responses one (Codex). */
const CHAT_MODEL = 'mcp-agent';
const RESPONSES_MODEL = 'mcp-agent-responses';
/** The name the CLIs know the gateway's MCP endpoint by. */
const SERVER = 'interlingua';

function cli(id: string): AgentCli {
  const found = AGENT_CLIS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no agent CLI ${id}`);
  return found;
}

/**
 * The same CLI run, with `change` applied after its own setup wrote its settings (it returns the
 * arguments to run with) and `env` added.
 */
function withMcp(
  base: AgentCli,
  title: string,
  change: (setup: CliSetup, run: ReturnType<AgentCli['build']>) => string[],
  env: Record<string, string> = {},
): AgentCli {
  return {
    ...base,
    title,
    build(setup) {
      const run = base.build(setup);
      return { ...run, env: { ...run.env, ...env }, args: change(setup, run) };
    },
  };
}

/** Claude Code offers MCP tools with the others from the first request (no deferred tool search). */
const CLAUDE_MCP_ENV = { ENABLE_TOOL_SEARCH: 'false', MCP_TIMEOUT: '30000' };

/** Claude Code lets its `-p` run use the MCP server's tools beside its own. */
function allowMcp(args: string[]): string[] {
  return args.map((arg, at) => (args[at - 1] === '--allowedTools' ? `${arg},mcp__${SERVER}` : arg));
}

const claude = cli('claude-code');
const codex = cli('codex-http');
const cases: Array<{ cli: AgentCli; model: string }> = [
  {
    model: CHAT_MODEL,
    cli: withMcp(
      claude,
      'Claude Code (claude mcp add --transport http)',
      (setup, run) => {
        const env = { PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, ...quietEnv(setup.home), ...run.env };
        const mcpUrl = `${setup.gateway}/mcp`;
        const add = [
          'mcp',
          'add',
          '--scope',
          'user',
          '--transport',
          'http',
          SERVER,
          mcpUrl,
          '--header',
          `Authorization: Bearer ${setup.key}`,
        ];
        execFileSync(executablePath(claude), add, { cwd: setup.dir, env, stdio: 'ignore', timeout: 30_000 });
        return allowMcp(run.args);
      },
      CLAUDE_MCP_ENV,
    ),
  },
  {
    model: CHAT_MODEL,
    cli: withMcp(
      claude,
      'Claude Code (--mcp-config)',
      (setup, run) => {
        const config = {
          mcpServers: {
            [SERVER]: { type: 'http', url: `${setup.gateway}/mcp`, headers: { Authorization: `Bearer ${setup.key}` } },
          },
        };
        return [...allowMcp(run.args), '--mcp-config', JSON.stringify(config), '--strict-mcp-config'];
      },
      CLAUDE_MCP_ENV,
    ),
  },
  { model: RESPONSES_MODEL, cli: withMcp(codex, 'Codex ([mcp_servers], streamable HTTP)', codexMcpServer) },
  // Codex offers MCP tools as Responses `namespace` tools: on a chat upstream they travel as flat function tools.
  { model: CHAT_MODEL, cli: withMcp(codex, 'Codex ([mcp_servers]) on a chat upstream', codexMcpServer) },
];

/** Codex's `[mcp_servers]` table for the gateway's `/mcp`, the key from an environment variable. */
function codexMcpServer(setup: CliSetup, run: ReturnType<AgentCli['build']>): string[] {
  const lines = [
    `[mcp_servers.${SERVER}]`,
    `url = "${setup.gateway}/mcp"`,
    'bearer_token_env_var = "INTERLINGUA_API_KEY"',
    // Codex waits for the server before its first turn (and fails loudly when it cannot reach it).
    'required = true',
  ];
  appendFileSync(join(setup.home, '.codex', 'config.toml'), `\n${lines.join('\n')}\n`);
  return run.args;
}

let harness: Harness;
let upstream: McpToolUpstream;
let scratch: string;
const rows: string[] = [];

beforeAll(async () => {
  upstream = await startMcpToolUpstream();
  scratch = mkdtempSync(join(tmpdir(), 'interlingua-mcp-agent-clis-'));
  harness = await startHarness(() => undefined, {
    providers: [
      providerForWire('openai-chat', 'scripted-chat', upstream.url),
      providerForWire('openai-responses', 'scripted-responses', upstream.url),
    ],
    models: [
      { name: CHAT_MODEL, targets: [{ provider: 'scripted-chat' }] },
      { name: RESPONSES_MODEL, targets: [{ provider: 'scripted-responses' }] },
    ],
    keys: [{ name: 'agent', secret: GATEWAY_KEY, mcp: { servers: ['everything'], tools: ['echo', 'get-sum'] } }],
    sections: { mcp: { servers: [{ name: 'everything', command: process.execPath, args: [EVERYTHING_MAIN] }] } },
  });
  // The stdio server starts at its first use: started here, so that no CLI's first turn waits for
  // it (Claude Code's `-p` run does not wait for a slow MCP server; it offers `WaitForMcpServers`).
  const warm = await connectSdkClient(`${harness.url}/mcp`, GATEWAY_KEY);
  await warm.client.listTools();
  await warm.close();
});

afterAll(async () => {
  await harness?.close();
  await upstream?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  if (rows.length > 0)
    console.log(
      `Agent CLIs using MCP tools through the gateway:\n| CLI | tools offered | echo called | answered with its result |\n| --- | --- | --- | --- |\n${rows.join('\n')}`,
    );
});

describe('agent CLIs call an MCP tool through the gateway', () => {
  it.each(cases.map(({ cli: each, model }, at) => [each.title, each, model, at] as [string, AgentCli, string, number]))(
    '%s',
    async (title, each, model, at) => {
      expect(installed(each), `${each.packageName}@${each.version} is not installed (run .ci/agent-clis.sh)`).toBe(
        true,
      );
      const root = join(scratch, `case-${at}`);
      const home = join(root, 'home');
      const dir = join(root, 'work');
      mkdirSync(join(home, 'tmp'), { recursive: true });
      mkdirSync(dir, { recursive: true });
      const word = `papaya${at}x${Date.now() % 1000}`;
      const first = upstream.turns.length;
      const outcome = await runCli(each, {
        gateway: harness.url,
        key: GATEWAY_KEY,
        model,
        home,
        dir,
        prompt: `${MCP_MARKER} ${word}, then tell me what it said.`,
      });
      const turns = upstream.turns.slice(first);
      const offered = turns.find((turn) => turn.tools.some((name) => name.endsWith('everything__echo')))?.tools ?? [];
      const called = turns.find((turn) => turn.called)?.called;
      const answered = outcome.stdout.includes(`Echo: ${word}`) && outcome.stdout.includes(MCP_ANSWER_HEAD);
      const mcpTools = offered.filter((name) => name.includes('everything__')).sort();
      rows.push(`| ${title} | ${mcpTools.join(', ') || 'none'} | ${called ?? 'no'} | ${answered ? 'yes' : 'no'} |`);
      const report = `code ${outcome.code}\nstdout: ${outcome.stdout.slice(-1500)}\nstderr: ${outcome.stderr.slice(-1500)}\nturns: ${JSON.stringify(turns).slice(0, 3000)}`;
      // The key's grant (echo, get-sum) is exactly what the CLI was offered of the server (Codex writes `get_sum`).
      expect(
        mcpTools.map((name) => name.slice(name.indexOf('everything__')).replace('get_sum', 'get-sum')),
        report,
      ).toEqual(['everything__echo', 'everything__get-sum']);
      expect(called, report).toBeDefined();
      expect(
        turns.some((turn) => turn.result?.includes(`Echo: ${word}`)),
        report,
      ).toBe(true);
      expect(answered, report).toBe(true);
    },
  );
});
