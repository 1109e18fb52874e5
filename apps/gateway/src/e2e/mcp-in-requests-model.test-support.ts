/**
 * The "model" behind the scripted upstreams of the MCP-in-requests judges, wire-agnostic: it reads
 * which function tools a request offers and which tool results its history holds, and decides
 * the next answer as a real model would: call the tools its script names while no result is in
 * the history, then answer with text that quotes every result.
 *
 * The gateway offers a tool `<tool>` of an MCP server labelled `<label>` as the function tool
 * `<label>__<tool>`; a script names MCP tools by that suffix (`__echo`) and the caller's own
 * function tools by their full name.
 */

/** The message the scripted model sends to every `…__echo` tool. */
export const ECHO_MESSAGE = 'interlingua-loop-42';

/** One tool call the scripted model makes: `tool` is a full name or, starting with `__`, an MCP suffix. */
export interface ScriptedCall {
  tool: string;
  args: Record<string, unknown>;
}

/** What a scripted upstream does, chosen by the upstream model name the route sends. */
export const SCRIPTS = {
  /** Calls the MCP `echo` tool, then quotes its output. */
  echo: [{ tool: '__echo', args: { message: ECHO_MESSAGE } }],
  /** Calls the failing MCP tool, then answers anyway, quoting the error. */
  failing: [{ tool: '__fail', args: { reason: 'scripted failure' } }],
  /** Calls the slow MCP tool (past the gateway's bound), then answers anyway. */
  slow: [{ tool: '__slow', args: { ms: 60_000 } }],
  /** Calls the caller's own `get_weather` function and the MCP `echo` tool in one turn. */
  'caller-and-mcp': [
    { tool: 'get_weather', args: { city: 'Paris' } },
    { tool: '__echo', args: { message: ECHO_MESSAGE } },
  ],
  /** Never calls a tool: answers with the tools it was offered (to see what the gateway offered). */
  'list-offered': [],
} satisfies Record<string, ScriptedCall[]>;

export type ScriptName = keyof typeof SCRIPTS;

/** A tool call to send, with the id the wire uses. */
export interface PlannedCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
}

/** The next answer: tool calls, or text. */
export type Decision = { kind: 'calls'; calls: PlannedCall[] } | { kind: 'text'; text: string };

/** What a wire reader found in one request. */
export interface ModelTurn {
  /** The function tools offered, by name. */
  tools: string[];
  /** The text of every tool result in the history, in order. */
  results: string[];
}

/** The words the scripted model starts its final answer with. */
export const ANSWER_HEAD = 'The tools said:';

/** The answer of a `list-offered` upstream: the offered tool names, comma-separated. */
export const OFFERED_HEAD = 'Offered tools:';

function matches(offered: string, tool: string): boolean {
  return tool.startsWith('__') ? offered.endsWith(tool) : offered === tool;
}

/** The next answer of `script` for a request with `turn`; call ids start with `idPrefix`. */
export function decide(script: ScriptName, turn: ModelTurn, idPrefix: string): Decision {
  const planned = SCRIPTS[script] as ScriptedCall[];
  if (planned.length === 0) return { kind: 'text', text: `${OFFERED_HEAD} ${turn.tools.join(', ')}` };
  if (turn.results.length > 0) return { kind: 'text', text: `${ANSWER_HEAD} ${turn.results.join(' | ')}` };
  const calls = planned.flatMap((call, index): PlannedCall[] => {
    const name = turn.tools.find((offered) => matches(offered, call.tool));
    return name ? [{ id: `${idPrefix}${index + 1}`, name, args: call.args }] : [];
  });
  if (calls.length === 0) return { kind: 'text', text: `No tool to call among: ${turn.tools.join(', ')}` };
  return { kind: 'calls', calls };
}

/** Every string inside a JSON value, joined by a space (a tool result whatever its wrapping). */
export function stringsOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(stringsOf).filter(Boolean).join(' ');
  if (value && typeof value === 'object') return Object.values(value).map(stringsOf).filter(Boolean).join(' ');
  return '';
}

/** The script named by an upstream model id (`echo`, `failing`, …; a Bedrock-style prefix is ignored). */
export function scriptOf(model: string): ScriptName {
  const name = model.split(/[/.:]/).find((part) => part in SCRIPTS);
  if (!name) throw new Error(`no script for model ${model}`);
  return name as ScriptName;
}

/** Token counts every scripted answer reports (so a loop of n calls sums to n times these). */
export const SCRIPTED_USAGE = { input: 11, output: 7 };
