/**
 * How the compaction runs make each agent CLI compact its session early, through the CLI's own
 * documented settings (a small context window, an auto-compact limit or threshold), and how the
 * compatibility page says so (`compactsBy`). A CLI that compacts only between prompts names the
 * second prompt that continues the session from the summary (`compactsOnNextPrompt`).
 */

/** The prompt that continues a session a CLI compacted between prompts. */
const NEXT_PROMPT = 'Tell me both again.';

/** Per CLI: what the compatibility page says, and the settings that make it compact early. */
export const COMPACT_EARLY = {
  claudeCode: {
    compactsBy: 'auto-compact: `CLAUDE_CODE_AUTO_COMPACT_WINDOW=20000`, `CLAUDE_AUTOCOMPACT_PCT_OVERRIDE=5`',
    settings: { autoCompactEnabled: true },
    env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: '20000', CLAUDE_AUTOCOMPACT_PCT_OVERRIDE: '5' },
  },

  codex: {
    compactsBy:
      'remote compaction v2: its provider named `OpenAI` (base_url = the gateway), `model_auto_compact_token_limit = 2000`',
    // Past the limit once the notes (a big tool output) are in the context, under it again after compacting.
    configLines: ['model_auto_compact_token_limit = 2000', 'model_context_window = 200000'],
    // Codex compacts remotely ("remote compaction v2") only with a provider named OpenAI (its
    // built-in one takes the WebSocket whatever the run asks); the compaction runs name theirs so.
    providerName: 'OpenAI',
    env: (key: string) => ({ CODEX_API_KEY: key }),
  },

  geminiCli: {
    compactsOnNextPrompt: NEXT_PROMPT,
    compactsBy:
      'chat compression, `model.compressionThreshold: 0.003`, alias `chat-compression-default` set to the route; compresses before the next prompt (`--resume latest`)',
    settings: (model: string) => ({
      // 0.3% of the 1M-token window Gemini CLI assumes for a model it does not know: ~3,100 tokens.
      model: { compressionThreshold: 0.003 },
      // Gemini CLI summarises with a model of its own choosing (an alias per model family): a
      // gateway user points that alias at the route, as for any model it does not serve.
      modelConfigs: { customAliases: { 'chat-compression-default': { modelConfig: { model } } } },
    }),
  },

  qwenCode: {
    compactsBy: 'chat compression, `context.autoCompactThreshold: 0.02`',
    // 2% of the 128K-token window qwen-code assumes for a model it does not know: ~2,600 tokens.
    settings: { context: { autoCompactThreshold: 0.02 } },
  },

  opencode: {
    compactsBy: "session compaction, the model's `limit.context: 8000`",
    contextLimit: 8000,
  },

  pi: {
    compactsOnNextPrompt: NEXT_PROMPT,
    compactsBy:
      'auto-compaction, `compaction.reserveTokens: 196000` of a 200,000-token window; compacts after the prompt, the next one continues (`--continue`)',
    // Compact past 4,000 tokens of the 200,000-token window, keeping little beside the summary,
    // so that a compaction replaces the big tool output.
    settings: { compaction: { enabled: true, reserveTokens: 196_000, keepRecentTokens: 500 } },
  },
};
