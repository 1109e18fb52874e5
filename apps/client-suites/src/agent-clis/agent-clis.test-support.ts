import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GenerationStyle } from '@interlingua/provider-adapters';

/**
 * The agent CLIs the suite judges the gateway with, each run non-interactively as a new user would
 * run it, configured only through its own documented settings: a throw-away HOME, the gateway as
 * its API base URL, automatic updates, telemetry and other outside traffic turned off.
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
  compactsBy: 'auto-compact: `CLAUDE_CODE_AUTO_COMPACT_WINDOW=20000`, `CLAUDE_AUTOCOMPACT_PCT_OVERRIDE=5`',
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
      ...(setup.compactEarly ? { autoCompactEnabled: true } : {}),
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
        ANTHROPIC_BASE_URL: setup.gateway,
        ANTHROPIC_API_KEY: setup.key,
        ANTHROPIC_SMALL_FAST_MODEL: setup.model,
        ANTHROPIC_DEFAULT_HAIKU_MODEL: setup.model,
        ANTHROPIC_DEFAULT_SONNET_MODEL: setup.model,
        ANTHROPIC_DEFAULT_OPUS_MODEL: setup.model,
        CLAUDE_CONFIG_DIR: join(setup.home, '.claude'),
        MAX_THINKING_TOKENS: '2048',
        DISABLE_AUTOUPDATER: '1',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        DISABLE_TELEMETRY: '1',
        DISABLE_ERROR_REPORTING: '1',
        DISABLE_BUG_COMMAND: '1',
        CLAUDE_CODE_DISABLE_TERMINAL_TITLE: '1',
        CLAUDE_CODE_IDE_SKIP_AUTO_INSTALL: '1',
        ...(setup.compactEarly
          ? { CLAUDE_CODE_AUTO_COMPACT_WINDOW: '20000', CLAUDE_AUTOCOMPACT_PCT_OVERRIDE: '5' }
          : {}),
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
    compactsBy:
      'remote compaction v2: its provider named `OpenAI` (base_url = the gateway), `model_auto_compact_token_limit = 2000`',
    // The package's launcher finds the native binary of the platform package and its helper tools.
    executable: '@openai/codex/bin/codex.js',
    node: true,
    build(setup) {
      const codexHome = join(setup.home, '.codex');
      mkdirSync(codexHome, { recursive: true });
      const lines = [
        `model = "${setup.model}"`,
        'model_provider = "interlingua"',
        'model_reasoning_effort = "medium"',
        'check_for_update_on_startup = false',
        'approval_policy = "never"',
        'sandbox_mode = "danger-full-access"',
        'web_search = "disabled"',
        // Past the limit once the notes (a big tool output) are in the context, under it again after compacting.
        ...(setup.compactEarly ? ['model_auto_compact_token_limit = 2000', 'model_context_window = 200000'] : []),
        '',
        '[analytics]',
        'enabled = false',
        '',
        '[model_providers.interlingua]',
        // Codex compacts remotely ("remote compaction v2") only with a provider named OpenAI (its
        // built-in one takes the WebSocket whatever the run asks); the compaction runs name theirs so.
        `name = "${setup.compactEarly ? 'OpenAI' : 'Interlingua'}"`,
        `base_url = "${setup.gateway}/v1"`,
        'env_key = "INTERLINGUA_API_KEY"',
        'wire_api = "responses"',
        'request_max_retries = 0',
        'stream_max_retries = 0',
        `supports_websockets = ${websocket}`,
        ...(websocket ? ['', '[features]', 'responses_websockets = true'] : []),
        '',
      ];
      writeFileSync(join(codexHome, 'config.toml'), lines.join('\n'));
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
          ...(setup.compactEarly ? { CODEX_API_KEY: setup.key } : {}),
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
  compactsOnNextPrompt: 'Tell me both again.',
  compactsBy:
    'chat compression, `model.compressionThreshold: 0.003`, alias `chat-compression-default` set to the route; compresses before the next prompt (`--resume latest`)',
  executable: '@google/gemini-cli/bundle/gemini.js',
  node: true,
  build(setup) {
    writeJson(join(setup.home, '.gemini', 'settings.json'), {
      security: { auth: { selectedType: 'gemini-api-key' }, folderTrust: { enabled: false } },
      general: {
        disableAutoUpdate: true,
        disableUpdateNag: true,
        enableAutoUpdate: false,
        enableAutoUpdateNotification: false,
      },
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
      // 0.3% of the 1M-token window Gemini CLI assumes for a model it does not know: ~3,100 tokens.
      ...(setup.compactEarly ? { model: { compressionThreshold: 0.003 } } : {}),
      // Gemini CLI summarises with a model of its own choosing (an alias per model family): a
      // gateway user points that alias at the route, as for any model it does not serve.
      ...(setup.compactEarly
        ? { modelConfigs: { customAliases: { 'chat-compression-default': { modelConfig: { model: setup.model } } } } }
        : {}),
    });
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
        GEMINI_API_KEY: setup.key,
        GOOGLE_GEMINI_BASE_URL: setup.gateway,
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
  compactsBy: 'chat compression, `context.autoCompactThreshold: 0.02`',
  executable: '@qwen-code/qwen-code/cli-entry.js',
  node: true,
  build(setup) {
    writeJson(join(setup.home, '.qwen', 'settings.json'), {
      security: { auth: { selectedType: 'openai' } },
      general: { disableAutoUpdate: true, disableUpdateNag: true },
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
      // 2% of the 128K-token window qwen-code assumes for a model it does not know: ~2,600 tokens.
      ...(setup.compactEarly ? { context: { autoCompactThreshold: 0.02 } } : {}),
    });
    return {
      command: this.executable,
      args: ['-p', setup.prompt, '-m', setup.model, '--yolo', '--auth-type', 'openai'],
      env: { OPENAI_API_KEY: setup.key, OPENAI_BASE_URL: `${setup.gateway}/v1`, OPENAI_MODEL: setup.model },
    };
  },
};

const opencode: AgentCli = {
  id: 'opencode',
  title: 'opencode',
  packageName: 'opencode-ai',
  version: '1.18.33',
  speaks: 'openai-chat',
  compactsBy: "session compaction, the model's `limit.context: 8000`",
  executable: 'opencode-linux-x64/bin/opencode',
  node: false,
  build(setup) {
    const config = {
      $schema: 'https://opencode.ai/config.json',
      autoupdate: false,
      share: 'disabled',
      model: `interlingua/${setup.model}`,
      small_model: `interlingua/${setup.model}`,
      permission: { edit: 'allow', bash: 'allow', webfetch: 'deny' },
      provider: {
        interlingua: {
          npm: '@ai-sdk/openai-compatible',
          name: 'Interlingua',
          options: { baseURL: `${setup.gateway}/v1`, apiKey: setup.key },
          models: {
            [setup.model]: {
              name: setup.model,
              tool_call: true,
              reasoning: true,
              limit: { context: setup.compactEarly ? 8000 : 200000, output: 4096 },
            },
          },
        },
      },
    };
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
  compactsOnNextPrompt: 'Tell me both again.',
  compactsBy:
    'auto-compaction, `compaction.reserveTokens: 196000` of a 200,000-token window; compacts after the prompt, the next one continues (`--continue`)',
  executable: '@mariozechner/pi-coding-agent/dist/cli.js',
  node: true,
  build(setup) {
    const agentDir = join(setup.home, '.pi', 'agent');
    writeJson(join(agentDir, 'models.json'), {
      providers: {
        interlingua: {
          baseUrl: `${setup.gateway}/v1`,
          api: 'openai-completions',
          apiKey: 'INTERLINGUA_API_KEY',
          models: [
            {
              id: setup.model,
              name: setup.model,
              reasoning: true,
              input: ['text'],
              contextWindow: 200000,
              maxTokens: 4096,
              cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
            },
          ],
        },
      },
    });
    writeJson(join(agentDir, 'settings.json'), {
      autoUpdate: false,
      checkForUpdates: false,
      // Compact past 4,000 tokens of the 200,000-token window, keeping little beside the summary,
      // so that a compaction replaces the big tool output.
      ...(setup.compactEarly ? { compaction: { enabled: true, reserveTokens: 196_000, keepRecentTokens: 500 } } : {}),
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
