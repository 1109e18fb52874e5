#!/usr/bin/env node
/**
 * The compatibility scorecard, docs/compatibility.md, is GENERATED from test results, never written
 * by hand. apps/gateway/src/e2e/compatibility-matrix.e2e.test.ts sends every feature in every
 * caller style through the gateway to every upstream protocol and records what passed (and the
 * warnings the gateway reported) as JSON; `renderCompatibilityMarkdown` below turns that JSON,
 * with the real-client results of apps/client-suites/results, into the page. The test fails when
 * the committed page differs from what its run produced (rerun it after the client suites change).
 *
 *   node scripts/compatibility-matrix.mjs                  run the matrix and rewrite docs/compatibility.md (+ .json)
 *   node scripts/compatibility-matrix.mjs --render <json>  print the page for a results file
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readAllResults } from '../apps/client-suites/clients-matrix.mjs';
import { readAgentCliResults, renderAgentCliSection } from '../apps/client-suites/agent-clis-matrix.mjs';
import { escapeCell, numberedNotes, SYMBOL, tableHead } from '../apps/client-suites/matrix-markdown.mjs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The test that produces the results. */
export const MATRIX_TEST = 'apps/gateway/src/e2e/compatibility-matrix.e2e.test.ts';
/** The command that regenerates the page, as printed when it is stale. */
export const REGENERATE_COMMAND = 'node scripts/compatibility-matrix.mjs';

/**
 * @typedef {{ id: string, title: string }} Labelled
 * @typedef {{ style: string, upstream: string, feature: string, status: 'pass' | 'fail' | 'n/a', problems: string[], warnings: string[], upstreamAnswer?: 'recorded' | 'synthetic' }} CellResult
 * @typedef {{ style: string, feature: string, by: string }} Judged a row judged by a client library rather than the style's strict schemas
 * @typedef {{ styles: Array<Labelled & { endpoint: string }>, upstreams: Labelled[], features: Labelled[], cells: CellResult[], judges?: Judged[] }} CompatibilityResults
 */

/** What a caller sees differently on a translated route, written once below the tables. */
const TRANSLATION_NOTES = [
  '## What translated answers cannot carry exactly',
  '',
  '- **Prompt tokens at the start of an Anthropic stream.** Anthropic clients read `input_tokens` from',
  '  `message_start` (LangChain reads it only there), but from OpenAI chat, OpenAI Responses and',
  '  Gemini upstreams the gateway learns them only after `message_start` has gone out. It then sends',
  '  its own estimate in',
  '  `message_start.usage.input_tokens` (the one `count_tokens` uses when the upstream has no count',
  "  endpoint: the characters of the prompt's text divided by 4), and the upstream's exact figure in",
  '  `message_delta.usage.input_tokens`. Usage logs and charges use the exact figure.',
  '- **Reasoning for Anthropic callers.** Anthropic accepts a `thinking` block back only with the',
  '  signature it minted, and clients send earlier turns back. Reasoning from other upstreams (OpenAI',
  '  reasoning summaries, Gemini thoughts, the mock) is therefore left out of Anthropic answers (a',
  '  `dropped` warning says so) instead of being sent as an unsigned `thinking` block. An unsigned',
  '  `thinking` block sent to the gateway by a client is removed before it reaches Anthropic.',
  "- **What only the caller's own style can carry.** Input items, content blocks and hosted tools that",
  '  have no equivalent in another style (Responses `code_interpreter`, `file_search`, `mcp` tools and',
  '  their call items naming a server the gateway does not serve (for one it serves, the gateway runs',
  '  the loop: MCP tools inside model requests, above), Anthropic server tools such as `code_execution` and their blocks, Gemini',
  '  `codeExecution` and `urlContext`, chat `custom` tools) reach an upstream of the same style',
  '  unchanged. Sent to an upstream of another style, each is named in `x-interlingua-warnings`',
  '  (`dropped tools[1]: …`), or, on a route with `untranslatable: refuse`, the request is answered',
  "  400 in the caller's style naming them (code `untranslatable_input`) and nothing is sent",
  '  ([configuration.md](configuration.md#models)). Codex `compaction_trigger` items are emulated',
  '  on every upstream instead (see `responses.compaction.secret`).',
  "- **Namespaced tools (Responses).** Codex sends its MCP servers' tools as Responses `namespace`",
  '  tools (`{"type":"namespace","name":"mcp__docs","tools":[…]}`) and replays their calls as',
  '  `function_call` items with a `namespace`. To a chat, Anthropic or Gemini upstream each function',
  '  tool of a namespace is sent as a function tool named `<namespace>__<name>` (a name over 64',
  '  characters is shortened like any other, with an `approximated` warning), replayed calls under',
  "  the same name; the upstream's calls of it come back to the Responses caller as",
  '  `function_call` items with `namespace` and the inner `name`, whole and streamed. A top-level',
  '  function tool of the same flat name keeps it. To a Responses upstream the namespace goes as sent.',
  '',
  '## Web search',
  '',
  "A caller's hosted web search goes to the upstream's own search: Anthropic `web_search_*` server",
  'tools (any dated version, as Claude Code sends), Responses `web_search` (Codex, the Agents SDK),',
  'Gemini `googleSearch` (Gemini CLI) and chat `web_search_options` are read into one request setting',
  'and sent as `web_search_20250305` to Anthropic, `web_search` to Responses, `googleSearch` to Gemini',
  'and `web_search_options` to chat upstreams (which only OpenAI search models take; others answer',
  "with their own 400, passed on in the caller's style). Settings an upstream has no field for",
  '(the search limit, domain lists, location on Gemini) are named in `x-interlingua-warnings`.',
  "The answer comes back in the caller's style with the searches the upstream ran and the pages its",
  'text cites, whole and streamed:',
  '',
  'apps/gateway/src/e2e/web-search-results.e2e.test.ts checks every cell of this table: each caller',
  "must get the upstream's text, and every cited page with the words of the text it covers. The",
  'upstreams replay real recorded search answers where one exists (Anthropic and Responses whole',
  'answers, the Gemini stream); the Anthropic and Responses streams, the Gemini whole answer (the',
  'recorded stream joined) and both chat answers (the shape OpenAI documents for its search models)',
  'are a *synthetic upstream*: no recording of them exists.',
  '',
  "| the upstream's search | Anthropic caller | Responses caller | Gemini caller | chat caller |",
  '|---|---|---|---|---|',
  '| Anthropic `server_tool_use` + `web_search_tool_result`, text `citations` | as sent | `web_search_call` (query, pages as `action.sources`), `url_citation` over each cited block | `groundingMetadata` (queries, chunks, one support per cited block) | `annotations` (`url_citation`); the search itself: warning |',
  '| Responses `web_search_call`, `url_citation` annotations | `server_tool_use` (first query) + `web_search_tool_result` (pages), `web_search_result_location` citations with the cited span as `cited_text` | as sent | `groundingMetadata` | `annotations`; the search: warning |',
  '| Gemini `groundingMetadata` | search blocks (query, grounding chunks as results), one citation per support chunk | `web_search_call`, `url_citation` per support chunk | as sent | `annotations`; the search: warning |',
  '| chat `annotations` (search models) | text `citations` | `url_citation` annotations | `groundingSupports` and their chunks | as sent |',
  '',
  'Offsets are converted on the way: OpenAI counts code points, Gemini UTF-8 bytes, Anthropic cites',
  "whole text blocks. An answer's offsets are converted together, in one walk over its text, however",
  "many citations it carries (a stream's, in one walk over the text as it grows, when they come in",
  'order as providers send them).',
  '',
  'Citations are bounded per answer, so that a translation cannot grow with repeated references: the',
  'same page cited for the same span (and the same words) of the same text counts once (a Gemini',
  'support listing one chunk index a thousand times is one citation), and an answer carries at most',
  '512 citations and 256 KiB of their URLs, titles, cited text and cited spans together (a style',
  "that quotes the span, Anthropic's `cited_text` or Gemini's `segment.text`, repeats it once per",
  "citation); citations past either cap are dropped, the search's pages are kept. So the citations of a",
  'translated answer add at most 512 × 256 characters and 256 KiB to it, and the rest is translated',
  'part for part: a grounded Gemini answer of 41 KB that repeats one chunk index 20,000 times was',
  '22 MB as chat, Responses or Messages, and is now smaller than the upstream answer (tests hold',
  "such answers, whole and streamed, to twice the upstream's size plus that allowance). Anthropic citations, which carry their own `cited_text`, are bounded the same way (the same page",
  "and words cited twice in a block count once). What another style has no field for is left out: Anthropic's",
  '`encrypted_content` and `encrypted_index` (sent as `""` to Anthropic callers of other upstreams,',
  "since only Anthropic mints them), Gemini's `searchEntryPoint`, a Responses search's queries past",
  'the first for an Anthropic caller (named in `x-interlingua-warnings` on whole answers). When a caller sends earlier',
  'search results back (Anthropic `web_search_tool_result` blocks, Responses `web_search_call`',
  'items) to an upstream of another style, they are left out of the request and named in',
  '`x-interlingua-warnings`, or refused by a route with `untranslatable: refuse`, as above.',
  '',
  "Searches are counted in `usage.webSearchRequests` (Anthropic's `server_tool_use.web_search_requests`,",
  'one per Responses `web_search_call`, one per query of a grounded Gemini answer), given back to',
  "Anthropic callers as `usage.server_tool_use`, and priced by a pricing row's `webSearchPerThousand`",
  '([configuration.md](configuration.md#pricing)).',
  '',
];

/**
 * The real-client suites' features each scorecard row is judged by (a client passes a row when it
 * passed every one of its features that map to it).
 */
const CLIENT_FEATURES = {
  text: ['text'],
  streaming: ['stream'],
  tools: ['tool-call', 'tool-loop'],
  'streamed-tool-arguments': ['tool-call-stream'],
  'structured-output': ['structured'],
  usage: ['usage'],
  errors: ['error'],
};

/**
 * The caller style a real client speaks, from its id in the client results; undefined for
 * clients of other endpoints (embeddings).
 * @param {string} id
 * @returns {string | undefined}
 */
export function clientStyle(id) {
  if (/embeddings/.test(id)) return undefined;
  if (/responses/.test(id)) return 'openai-responses';
  if (/anthropic/.test(id)) return 'anthropic-messages';
  if (/google|gemini/.test(id)) return 'gemini';
  if (/chat|openai-compatible/.test(id)) return 'openai-chat';
  return undefined;
}

/**
 * @typedef {{ suite: string, lane: string, clients: Array<{ id: string, title: string, packages: Array<{ name: string, version: string }> }>, cells: Array<{ client: string, upstream: string, feature: string, status: string }> }} ClientSuiteResults
 * @typedef {{ key: string, title: string, versions: Map<string, string> }} Judge
 */

/**
 * The real clients of one caller style, each with its packages per lane, in a stable order.
 * @param {ClientSuiteResults[]} clients
 * @param {string} style
 * @returns {Judge[]}
 */
function judgesOf(clients, style) {
  /** @type {Judge[]} */
  const judges = [];
  for (const suite of [...clients].sort((a, b) => a.suite.localeCompare(b.suite) || a.lane.localeCompare(b.lane))) {
    for (const client of suite.clients) {
      if (clientStyle(client.id) !== style) continue;
      const key = `${suite.suite}/${client.id}`;
      let judge = judges.find((j) => j.key === key);
      if (!judge) judges.push((judge = { key, title: client.title, versions: new Map() }));
      judge.versions.set(suite.lane, client.packages.map((p) => `${p.name} ${p.version}`).join(' + '));
    }
  }
  return judges;
}

/**
 * How a real client did on a scorecard cell, per lane: 'pass', 'fail', 'limit', or undefined when
 * the suites have no cell for it.
 * @param {ClientSuiteResults[]} clients
 * @param {Judge} judge
 * @param {string} upstream
 * @param {string} feature
 * @returns {Map<string, string>}
 */
function judgement(clients, judge, upstream, feature) {
  // A client-suite feature named like a scorecard row judges that row.
  const wanted = CLIENT_FEATURES[/** @type {keyof typeof CLIENT_FEATURES} */ (feature)] ?? [feature];
  /** @type {Map<string, string>} */
  const byLane = new Map();
  for (const suite of clients) {
    const cells = suite.cells.filter(
      (c) =>
        `${suite.suite}/${c.client}` === judge.key &&
        c.upstream === upstream &&
        wanted.includes(c.feature) &&
        c.status !== 'n/a',
    );
    if (cells.length === 0) continue;
    const verdict = cells.some((c) => c.status === 'fail')
      ? 'fail'
      : cells.some((c) => c.status === 'limit')
        ? 'limit'
        : 'pass';
    byLane.set(suite.lane, verdict);
  }
  return byLane;
}

const LANE_TITLES = { node20: 'Node 20', node24: 'Node 24' };

/**
 * The markdown page for a set of results: a summary (pass counts per caller style), then one
 * table per caller style (features x upstream protocols), each cell ✅ / ⚠️ / ❌ / —, numbered
 * notes holding the problems and warnings, and which real clients (with their versions) passed
 * each cell in the client suites. Deterministic: the same results always give the same bytes.
 * @param {CompatibilityResults} results
 * @param {ClientSuiteResults[]} [clients] the real-client results (apps/client-suites/results/*)
 * @param {import('../apps/client-suites/agent-clis-matrix.mjs').AgentCliResults} [agentClis] the agent-CLI results (apps/client-suites/results/agent-clis.json)
 * @param {McpLoopResults} [mcpLoop] the MCP-in-requests results (docs/compatibility-mcp-loop.json)
 * @returns {string}
 */
export function renderCompatibilityMarkdown(
  results,
  clients = [],
  agentClis = undefined,
  mcpLoop = readMcpLoopResults(),
) {
  const lines = [
    '# Compatibility scorecard',
    '',
    `<!-- GENERATED from the results of ${MATRIX_TEST} and apps/client-suites/results by scripts/compatibility-matrix.mjs. Do not edit: run \`${REGENERATE_COMMAND}\`. -->`,
    '',
    'Which features work for each caller style (the API your client speaks) and each upstream protocol',
    '(the API the provider speaks). Every cell is a real request through the gateway: the caller sends',
    'the feature in its own style, a loopback upstream checks the request it receives against the',
    "provider's documented schema (and that the feature reached it), answers in its own protocol, and",
    "the answer the caller gets must pass the caller style's strict schema and carry the expected",
    'content. Where a real answer of that provider to the feature was recorded (text, streaming, tools,',
    'streamed tool arguments, parallel tool calls, structured output, usage, WebSocket), the upstream',
    "replays it as recorded and the caller must get the recording's text, tool calls (names and",
    'arguments), finish reason and, on the usage row, its token counts (relayed on the same-style fast',
    "path, a provider's own answer is judged by that content alone: the strict schemas judge what the",
    'gateway writes, and real answers lack fields they require, such as `sequence_number` in older',
    'Responses streams or `candidates[].index` from Gemini). Every other cell says',
    "*synthetic upstream*: no recording exists for it, and the upstream's answer is the feature's",
    "expected answer encoded by the gateway's own codec for that protocol. `mock` is the built-in mock",
    'provider. Same style on both sides is the byte-relaying fast path.',
    'The route to the Anthropic upstream sets `defaultMaxOutputTokens`, as Anthropic requires `max_tokens`',
    '(without it the gateway sends 4096 and says so in a warning). The WebSocket row sends the request as',
    'a `response.create` message over `ws://…/v1/responses` ([websocket.md](websocket.md)); it applies to',
    "Responses callers only. The official `openai` SDK's WebSocket client (`ResponsesWS`) is run against",
    'every upstream on recorded answers in apps/gateway/src/e2e/responses-websocket.e2e.test.ts.',
    '',
    'Below each table, the real client libraries that passed the same cell in the client suites',
    "([clients.md](clients.md): AI SDK, LangChain, OpenAI Agents SDK and the providers' own SDKs, on",
    'recorded answers of the real APIs), with the versions that judged it.',
    '',
    `Legend: ${SYMBOL.pass} passes · ${SYMBOL.warn} passes, with warnings (\`x-interlingua-warnings\`) about what could not be carried · ${SYMBOL.fail} fails (see the note) · ${SYMBOL['n/a']} not applicable.`,
    '',
    ...renderSummary(results, clients),
  ];
  for (const style of results.styles) lines.push(...renderStyle(results, style, clients));
  lines.push(...renderAgentCliSection(agentClis));
  lines.push(...renderMcpLoopSection(mcpLoop));
  lines.push(...TRANSLATION_NOTES);
  return `${lines.join('\n').trimEnd()}\n`;
}

/**
 * @param {CompatibilityResults} results
 * @param {ClientSuiteResults[]} clients
 * @returns {string[]}
 */
function renderSummary(results, clients) {
  const lines = [
    '## Summary',
    '',
    'Gateway cells: passed out of those that apply (every feature × upstream protocol). Real-client',
    'cells: passed out of those run, over both Node lanes.',
    '',
    '| Caller style | Cells passed | with warnings | failed | Real-client cells passed | Real clients |',
    '|---|---|---|---|---|---|',
  ];
  for (const style of results.styles) {
    const cells = results.cells.filter((c) => c.style === style.id && c.status !== 'n/a');
    const passed = cells.filter((c) => c.status === 'pass');
    const warned = passed.filter((c) => c.warnings.length > 0);
    const failed = cells.filter((c) => c.status === 'fail');
    const judges = judgesOf(clients, style.id);
    let run = 0;
    let ok = 0;
    for (const judge of judges) {
      for (const upstream of results.upstreams) {
        for (const feature of results.features) {
          for (const verdict of judgement(clients, judge, upstream.id, feature.id).values()) {
            run++;
            if (verdict !== 'fail') ok++;
          }
        }
      }
    }
    lines.push(
      `| ${style.title} | ${passed.length}/${cells.length} | ${warned.length} | ${failed.length} | ${run === 0 ? '—' : `${ok}/${run}`} | ${judges.length} |`,
    );
  }
  lines.push('');
  return lines;
}

/**
 * @param {CompatibilityResults} results
 * @param {Labelled & { endpoint: string }} style
 * @param {ClientSuiteResults[]} clients
 * @returns {string[]}
 */
function renderStyle(results, style, clients) {
  const notes = numberedNotes();
  const lines = [`## ${style.title} callers (\`${style.endpoint}\`)`, '', ...tableHead('Feature', results.upstreams)];
  for (const feature of results.features) {
    const cells = results.upstreams.map((upstream) => {
      const cell = results.cells.find(
        (c) => c.style === style.id && c.upstream === upstream.id && c.feature === feature.id,
      );
      if (!cell) return '?';
      const verdict = cell.status === 'pass' && cell.warnings.length > 0 ? SYMBOL.warn : SYMBOL[cell.status];
      const symbol =
        cell.upstreamAnswer === 'synthetic' && cell.status !== 'n/a' ? `${verdict} *synthetic upstream*` : verdict;
      const details = [...cell.problems, ...cell.warnings.map((w) => `warning: ${w}`)];
      if (details.length === 0) return symbol;
      const note = `**${feature.title}, ${upstream.title} upstream:** ${details.map(escapeCell).join('; ')}`;
      return `${symbol} [${notes.number(note)}]`;
    });
    lines.push(`| ${feature.title} | ${cells.join(' | ')} |`);
  }
  lines.push('', ...notes.lines());
  const judged = (results.judges ?? []).filter((j) => j.style === style.id);
  const byRow = judged.map((j) => `${results.features.find((f) => f.id === j.feature)?.title ?? j.feature}: ${j.by}`);
  lines.push(
    `Judged by the caller style's strict schemas and codec${byRow.length > 0 ? `, and by client libraries (${byRow.join('; ')})` : ''}.`,
    '',
  );
  lines.push(...renderJudges(results, style, clients));
  return lines;
}

/**
 * Which real clients passed each cell of a style: one letter per client, explained below.
 * @param {CompatibilityResults} results
 * @param {Labelled & { endpoint: string }} style
 * @param {ClientSuiteResults[]} clients
 * @returns {string[]}
 */
function renderJudges(results, style, clients) {
  const judges = judgesOf(clients, style.id);
  if (judges.length === 0) return [];
  const letter = (/** @type {number} */ i) => String.fromCharCode(65 + i);
  const lines = [
    `Real clients that passed each cell (${judges.map((_j, i) => letter(i)).join(', ')}, below):`,
    '',
    ...tableHead('Feature', results.upstreams),
  ];
  for (const feature of results.features) {
    if (
      !judges.some((judge) =>
        results.upstreams.some((upstream) => judgement(clients, judge, upstream.id, feature.id).size > 0),
      )
    )
      continue;
    const row = results.upstreams.map((upstream) => {
      const marks = judges.flatMap((judge, i) => {
        const byLane = judgement(clients, judge, upstream.id, feature.id);
        if (byLane.size === 0) return [];
        const off = [...byLane]
          .filter(([, verdict]) => verdict !== 'pass')
          .map(
            ([lane, verdict]) =>
              `${verdict === 'fail' ? SYMBOL.fail : SYMBOL.warn} ${LANE_TITLES[/** @type {keyof typeof LANE_TITLES} */ (lane)] ?? lane}`,
          );
        return [off.length === 0 ? letter(i) : `${letter(i)} (${off.join(', ')})`];
      });
      return marks.length === 0 ? SYMBOL['n/a'] : marks.join(' ');
    });
    lines.push(`| ${feature.title} | ${row.join(' | ')} |`);
  }
  lines.push('');
  for (const [i, judge] of judges.entries()) {
    const versions = [...judge.versions]
      .map(([lane, packages]) => `${LANE_TITLES[/** @type {keyof typeof LANE_TITLES} */ (lane)] ?? lane}: ${packages}`)
      .join('; ');
    lines.push(`- **${letter(i)}**: ${escapeCell(judge.title)} (${versions})`);
  }
  lines.push('');
  return lines;
}

/** The test that produces the MCP-in-requests results. */
export const MCP_LOOP_TEST = 'apps/gateway/src/e2e/mcp-in-requests-matrix.e2e.test.ts';
/** Where the MCP-in-requests matrix keeps its results. */
export const MCP_LOOP_RESULTS = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'docs',
  'compatibility-mcp-loop.json',
);

/**
 * @typedef {{ caller: string, upstream: string, mode: 'whole' | 'stream', status: 'pass' | 'fail', problem?: string }} McpLoopCell
 * @typedef {{ callers: Array<Labelled & { judge: string }>, upstreams: Labelled[], cells: McpLoopCell[] }} McpLoopResults
 */

/**
 * The committed MCP-in-requests results, or undefined before the first run.
 * @returns {McpLoopResults | undefined}
 */
export function readMcpLoopResults() {
  if (!existsSync(MCP_LOOP_RESULTS)) return undefined;
  return JSON.parse(readFileSync(MCP_LOOP_RESULTS, 'utf8'));
}

/**
 * The section "MCP tools inside model requests": caller style x upstream protocol, whole and
 * streamed, each cell ✅ / ❌ with numbered notes holding what failed.
 * @param {McpLoopResults | undefined} results
 * @returns {string[]}
 */
export function renderMcpLoopSection(results) {
  if (!results) return [];
  const notes = numberedNotes();
  const lines = [
    '## MCP tools inside model requests',
    '',
    "A caller hands the model an MCP server in its own style (a Responses `mcp` tool, Anthropic's",
    '`mcp_servers`) naming a server the gateway serves ([mcp.md](mcp.md)); on an upstream that cannot',
    'run MCP itself the gateway runs the tool loop: it lists the tools, offers them to the model as',
    'functions, calls the server when the model calls one and feeds the result back until the model',
    "answers. Each cell is the official SDK of the caller's style against a scripted upstream of that",
    'protocol that calls the offered `echo` tool of the real `@modelcontextprotocol/server-everything`',
    'and then answers quoting its output: it passes when the answer holds the tool listing (Responses),',
    "the call with the server's output and the text quoting it, in the caller's style, and (Responses)",
    "is valid against OpenAI's description of the response object. Produced by",
    `${MCP_LOOP_TEST}.`,
    '',
    ...tableHead(
      'Caller',
      results.upstreams.flatMap((u) => [{ title: `${u.title} whole` }, { title: `${u.title} streamed` }]),
    ),
  ];
  for (const caller of results.callers) {
    const row = results.upstreams.flatMap((upstream) =>
      /** @type {const} */ (['whole', 'stream']).map((mode) => {
        const cell = results.cells.find((c) => c.caller === caller.id && c.upstream === upstream.id && c.mode === mode);
        if (!cell) return SYMBOL['n/a'];
        if (cell.status === 'pass' || !cell.problem) return SYMBOL[cell.status];
        const note = `**${caller.title}, ${upstream.title} ${mode === 'whole' ? 'whole' : 'streamed'}:** ${escapeCell(cell.problem)}`;
        return `${SYMBOL.fail} [${notes.number(note)}]`;
      }),
    );
    lines.push(`| ${escapeCell(caller.title)} | ${row.join(' | ')} |`);
  }
  lines.push('', ...notes.lines());
  lines.push(`Judged by ${results.callers.map((c) => c.judge).join(' and ')}.`, '');
  return lines;
}

function main(argv) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const renderAt = argv.indexOf('--render');
  if (renderAt !== -1) {
    const file = argv[renderAt + 1];
    if (!file) throw new Error('--render needs a results file');
    process.stdout.write(
      renderCompatibilityMarkdown(JSON.parse(readFileSync(file, 'utf8')), readAllResults(), readAgentCliResults()),
    );
    return 0;
  }
  const run = spawnSync('npx', ['vitest', 'run', MATRIX_TEST], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, UPDATE_COMPATIBILITY: '1' },
  });
  return run.status ?? 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
  process.exitCode = main(process.argv.slice(2));
