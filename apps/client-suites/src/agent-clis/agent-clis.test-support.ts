import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GenerationStyle } from '@interlingua/provider-adapters';
import { COMPACT_EARLY } from './cli-compaction-settings.test-support.js';
import { composeToml, deepMerge, pageBlock, pageEnv, pageJson } from './agent-settings-page.test-support.js';

/**
 * The agent CLIs the suite judges the gateway with, each run non-interactively as a new user would
 * run it, configured only through its own documented settings: what docs/agents.md tells a user
 * to set (read from the page), plus a throw-away HOME, automatic updates, telemetry and other
 * outside traffic turned off.
 */
export type CliId = 'claude-code' | 'codex-http' | 'codex-websocket' | 'gemini-cli' | 'opencode' | 'qwen-code' | 'pi';

export interface CliRun {
  /** Executable path (a native binary, or a Node script run with the lane's Node). */
  command: string;
  args: string[];
  env: Record<string, string>;
}

export interface CliSetup {
  /** Gateway base URL without a path. */
  gateway: string;
  key: string;
  /** The gateway model (route) the CLI is told to use. */
  model: string;
  /** Throw-away home directory (created). */
  home: string;
  /** Working directory of the task (created). */
  dir: string;
  prompt: string;
  /** Make the CLI compact its session early (a small context window or auto-compact limit). */
  compactEarly?: boolean;
  /** Continue the CLI's latest session in `dir` instead of starting a new one. */
  resume?: boolean;
}

export interface AgentCli {
  id: CliId;
  title: string;
  /** The npm package and version the suite installs, and the request style the CLI speaks. */
  packageName: string;
  version: string;
  speaks: GenerationStyle;
  /** The CLI must reach the gateway over the Responses WebSocket (true) or never (false); undefined: not checked. */
  websocket?: boolean;
  /** Path of the executable inside the install folder's node_modules. */
  executable: string;
  /** How the compaction run makes the CLI compact (its own settings), for the compatibility page. */
  compactsBy: string;
  /**
   * The CLI compacts only between prompts (never inside one prompt's tool loop): the compaction run
   * then continues the session with this second prompt, which must go on from the summary.
   */
  compactsOnNextPrompt?: string;
  /** Whether the executable is a Node script (run with the lane's Node). */
  node: boolean;
  build(setup: CliSetup): CliRun;
}

/** A loopback proxy address nothing listens on (port 9, discard, is never served here). */
const DEAD_PROXY = 'http://127.0.0.1:9';

/** Environment every CLI gets: nothing inherited that could reach outside or read the real user's files. */
export function quietEnv(home: string): Record<string, string> {
  return {
    HOME: home,
    USERPROFILE: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    TMPDIR: join(home, 'tmp'),
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    NO_COLOR: '1',
    // Anything not on loopback goes to a proxy port nothing listens on, so it fails at once
    // (instead of waiting for a connect timeout) and nothing leaves the machine.
    HTTP_PROXY: DEAD_PROXY,
    HTTPS_PROXY: DEAD_PROXY,
    http_proxy: DEAD_PROXY,
    https_proxy: DEAD_PROXY,
    ALL_PROXY: DEAD_PROXY,
    NODE_USE_ENV_PROXY: '1',
    NO_PROXY: '127.0.0.1,localhost',
    no_proxy: '127.0.0.1,localhost',
    DO_NOT_TRACK: '1',
  };
}

function writeJson(path: string, value: unknown): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, JSON.stringify(value, null, 2));
}

const claudeCode: AgentCli = {
  id: 'claude-code',
  title: 'Claude Code',
  packageName: '@anthropic-ai/claude-code',
  version: '2.1.332',
  speaks: 'anthropic-messages',
  compactsBy: COMPACT_EARLY.claudeCode.compactsBy,
  executable: '@anthropic-ai/claude-code-linux-x64/claude',
  node: false,
  build(setup) {
    writeJson(join(setup.home, '.claude.json'), {
      hasCompletedOnboarding: true,
      autoUpdates: false,
      customApiKeyResponses: { approved: [setup.key.slice(-20)], rejected: [] },
    });
    writeJson(join(setup.home, '.claude', 'settings.json'), {
      autoUpdates: false,
      ...(setup.compactEarly ? COMPACT_EARLY.claudeCode.settings : {}),
    });
    return {
      command: this.executable,
      args: [
        '-p',
        setup.prompt,
        '--model',
        setup.model,
        '--output-format',
        'text',
        '--allowedTools',
        'Read,Write,Bash',
        '--permission-mode',
        'acceptEdits',
        '--max-turns',
        '12',
      ],
      env: {
        ...pageEnv('claude-code', setup),
        CLAUDE_CONFIG_DIR: join(setup.home, '.claude'),
        MAX_THINKING_TOKENS: '2048',
        DISABLE_AUTOUPDATER: '1',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        DISABLE_TELEMETRY: '1',
        DISABLE_ERROR_REPORTING: '1',
        DISABLE_BUG_COMMAND: '1',
        CLAUDE_CODE_DISABLE_TERMINAL_TITLE: '1',
        CLAUDE_CODE_IDE_SKIP_AUTO_INSTALL: '1',
        ...(setup.compactEarly ? COMPACT_EARLY.claudeCode.env : {}),
      },
    };
  },
};

function codex(websocket: boolean): AgentCli {
  return {
    id: websocket ? 'codex-websocket' : 'codex-http',
    title: websocket ? 'Codex (WebSocket)' : 'Codex (HTTP)',
    packageName: '@openai/codex',
    version: '0.171.0',
    speaks: 'openai-responses',
    websocket,
    compactsBy: COMPACT_EARLY.codex.compactsBy,
    // The package's launcher finds the native binary of the platform package and its helper tools.
    executable: '@openai/codex/bin/codex.js',
    node: true,
    build(setup) {
      const codexHome = join(setup.home, '.codex');
      mkdirSync(codexHome, { recursive: true });
      let page = pageBlock(websocket ? 'codex-websocket' : 'codex', 'config.toml', setup);
      if (setup.compactEarly) page = page.replace(/^name = .*$/m, `name = "${COMPACT_EARLY.codex.providerName}"`);
      const config = composeToml([
        page,
        {
          '': [
            'model_reasoning_effort = "medium"',
            'check_for_update_on_startup = false',
            'approval_policy = "never"',
            'sandbox_mode = "danger-full-access"',
            'web_search = "disabled"',
            ...(setup.compactEarly ? COMPACT_EARLY.codex.configLines : []),
          ],
          analytics: ['enabled = false'],
          'model_providers.interlingua': [
            'request_max_retries = 0',
            'stream_max_retries = 0',
            ...(websocket ? [] : ['supports_websockets = false']),
          ],
        },
      ]);
      writeFileSync(join(codexHome, 'config.toml'), config);
      return {
        command: this.executable,
        args: [
          'exec',
          '--skip-git-repo-check',
          '--dangerously-bypass-approvals-and-sandbox',
          '--color',
          'never',
          '-C',
          setup.dir,
          setup.prompt,
        ],
        env: {
          CODEX_HOME: codexHome,
          INTERLINGUA_API_KEY: setup.key,
          ...(setup.compactEarly ? COMPACT_EARLY.codex.env(setup.key) : {}),
          RUST_LOG: 'error',
        },
      };
    },
  };
}

const geminiCli: AgentCli = {
  id: 'gemini-cli',
  title: 'Gemini CLI',
  packageName: '@google/gemini-cli',
  version: '0.61.0',
  speaks: 'gemini',
  compactsOnNextPrompt: COMPACT_EARLY.geminiCli.compactsOnNextPrompt,
  compactsBy: COMPACT_EARLY.geminiCli.compactsBy,
  executable: '@google/gemini-cli/bundle/gemini.js',
  node: true,
  build(setup) {
    const settings = deepMerge(pageJson('gemini-cli', 'settings.json', setup), {
      security: { folderTrust: { enabled: false } },
      general: {
        disableAutoUpdate: true,
        disableUpdateNag: true,
        enableAutoUpdate: false,
        enableAutoUpdateNotification: false,
      },
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
      ...(setup.compactEarly ? COMPACT_EARLY.geminiCli.settings(setup.model) : {}),
    });
    writeJson(join(setup.home, '.gemini', 'settings.json'), settings);
    return {
      command: this.executable,
      args: [
        '-p',
        setup.prompt,
        '-m',
        setup.model,
        '--approval-mode',
        'yolo',
        ...(setup.resume ? ['--resume', 'latest'] : []),
      ],
      env: {
        ...pageEnv('gemini-cli', setup),
        GEMINI_CLI_NO_RELAUNCH: 'true',
        GEMINI_TELEMETRY_ENABLED: 'false',
      },
    };
  },
};

const qwenCode: AgentCli = {
  id: 'qwen-code',
  title: 'qwen-code',
  packageName: '@qwen-code/qwen-code',
  version: '0.24.4',
  speaks: 'openai-chat',
  compactsBy: COMPACT_EARLY.qwenCode.compactsBy,
  executable: '@qwen-code/qwen-code/cli-entry.js',
  node: true,
  build(setup) {
    writeJson(
      join(setup.home, '.qwen', 'settings.json'),
      deepMerge(pageJson('qwen-code', 'settings.json', setup), {
        general: { disableAutoUpdate: true, disableUpdateNag: true },
        privacy: { usageStatisticsEnabled: false },
        telemetry: { enabled: false },
        ...(setup.compactEarly ? COMPACT_EARLY.qwenCode.settings : {}),
      }),
    );
    return {
      command: this.executable,
      args: ['-p', setup.prompt, '-m', setup.model, '--yolo', '--auth-type', 'openai'],
      env: pageEnv('qwen-code', setup),
    };
  },
};

const opencode: AgentCli = {
  id: 'opencode',
  title: 'opencode',
  packageName: 'opencode-ai',
  version: '1.18.33',
  speaks: 'openai-chat',
  compactsBy: COMPACT_EARLY.opencode.compactsBy,
  executable: 'opencode-linux-x64/bin/opencode',
  node: false,
  build(setup) {
    const early = { [setup.model]: { limit: { context: COMPACT_EARLY.opencode.contextLimit } } };
    const config = deepMerge(pageJson('opencode', 'opencode.json', setup), {
      $schema: 'https://opencode.ai/config.json',
      autoupdate: false,
      share: 'disabled',
      permission: { edit: 'allow', bash: 'allow', webfetch: 'deny' },
      ...(setup.compactEarly ? { provider: { interlingua: { models: early } } } : {}),
    });
    return {
      command: this.executable,
      args: ['run', '--model', `interlingua/${setup.model}`, setup.prompt],
      env: {
        OPENCODE_CONFIG_CONTENT: JSON.stringify(config),
        OPENCODE_DISABLE_AUTOUPDATE: 'true',
        OPENCODE_DISABLE_MODELS_FETCH: 'true',
        OPENCODE_DISABLE_LSP_DOWNLOAD: 'true',
        OPENCODE_DISABLE_DEFAULT_PLUGINS: 'true',
        OPENCODE_DISABLE_SHARE: 'true',
        OPENCODE_DISABLE_CLAUDE_CODE: 'true',
      },
    };
  },
};

const pi: AgentCli = {
  id: 'pi',
  title: 'pi',
  packageName: '@mariozechner/pi-coding-agent',
  version: '0.73.1',
  speaks: 'openai-chat',
  compactsOnNextPrompt: COMPACT_EARLY.pi.compactsOnNextPrompt,
  compactsBy: COMPACT_EARLY.pi.compactsBy,
  executable: '@mariozechner/pi-coding-agent/dist/cli.js',
  node: true,
  build(setup) {
    const agentDir = join(setup.home, '.pi', 'agent');
    writeJson(join(agentDir, 'models.json'), pageJson('pi', 'models.json', setup));
    writeJson(join(agentDir, 'settings.json'), {
      autoUpdate: false,
      checkForUpdates: false,
      ...(setup.compactEarly ? COMPACT_EARLY.pi.settings : {}),
    });
    return {
      command: this.executable,
      args: [
        '-p',
        ...(setup.resume ? ['--continue'] : []),
        '--provider',
        'interlingua',
        '--model',
        setup.model,
        setup.prompt,
      ],
      env: { PI_CODING_AGENT_DIR: agentDir, INTERLINGUA_API_KEY: setup.key, PI_OFFLINE: '1' },
    };
  },
};

export const AGENT_CLIS: readonly AgentCli[] = [
  claudeCode,
  codex(false),
  codex(true),
  geminiCli,
  opencode,
  qwenCode,
  pi,
];
