import { anthropicMessagesStyleOnlyEntries } from '@interlingua/anthropic-messages';
import { geminiStyleOnlyEntries } from '@interlingua/gemini';
import { type IrRequest, type IrWarning, type StyleId, type StyleOnlyEntry } from '@interlingua/ir';
import { openAiChatStyleOnlyEntries } from '@interlingua/openai-chat';
import { openAiResponsesStyleOnlyEntries } from '@interlingua/openai-responses';
import { ANTHROPIC_MESSAGES, GEMINI, OPENAI_CHAT, OPENAI_RESPONSES } from '../http/request-styles.js';
import { gatewayError } from '../http/style-errors.js';

/** What a route does with what its upstream cannot carry: name it in the warnings, or refuse the request. */
export type UntranslatablePolicy = 'warn' | 'refuse';

/** The upstream style that runs the MCP servers of each origin itself. */
const MCP_NATIVE: Record<string, StyleId> = { openai: OPENAI_RESPONSES, anthropic: ANTHROPIC_MESSAGES };

/**
 * The MCP servers left in the request (the gateway runs those it serves itself, and takes them
 * out): only an upstream of their own family runs them.
 */
function mcpServerEntries(ir: IrRequest, upstream: StyleId): StyleOnlyEntry[] {
  return (ir.mcpServers ?? [])
    .filter((server) => server.raw === undefined || MCP_NATIVE[server.raw.origin] !== upstream)
    .map((server) => ({
      field: server.raw?.origin === 'anthropic' ? 'mcp_servers' : 'tools',
      type: `mcp server "${server.label}"`,
    }));
}

const STYLE_ONLY_ENTRIES: Partial<Record<StyleId, (ir: IrRequest) => StyleOnlyEntry[]>> = {
  [OPENAI_RESPONSES]: openAiResponsesStyleOnlyEntries,
  [ANTHROPIC_MESSAGES]: anthropicMessagesStyleOnlyEntries,
  [GEMINI]: geminiStyleOnlyEntries,
  [OPENAI_CHAT]: openAiChatStyleOnlyEntries,
};

/**
 * The warnings for what of the caller's request an upstream of another style cannot take (items,
 * blocks and hosted tools kept only for the caller's own style), or the 400 naming all of it when
 * the route's policy is `refuse`. Nothing is dropped unnamed.
 */
export function untranslatableWarnings(
  ir: IrRequest,
  caller: StyleId,
  upstream: StyleId,
  policy: UntranslatablePolicy,
): IrWarning[] {
  if (caller === upstream) return [];
  const entries = [...(STYLE_ONLY_ENTRIES[caller]?.(ir) ?? []), ...mcpServerEntries(ir, upstream)];
  if (entries.length === 0) return [];
  const named = entries.map((entry) => `${entry.field} (${entry.type})`);
  if (policy === 'refuse') {
    throw gatewayError(
      'invalid-request',
      `The route's ${upstream} upstream cannot carry ${named.join(', ')}, and the route refuses what it cannot carry (untranslatable: refuse)`,
      { param: entries[0]?.field ?? null, code: 'untranslatable_input' },
    );
  }
  return entries.map((entry) => ({
    kind: 'dropped',
    field: entry.field,
    message: `'${entry.type}' has no equivalent on the ${upstream} upstream and was not sent`,
  }));
}
