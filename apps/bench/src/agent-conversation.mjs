import { Buffer } from 'node:buffer';

/**
 * An agent's turn as coding agents send it: a long system prompt, every tool definition, and the
 * whole conversation so far (user asks, assistant text with tool calls, tool results holding
 * source files and command output), in the shapes of the three API styles agents speak. The
 * conversation grows by whole turns until the body reaches the size asked for, so a 4 KB and a
 * 256 KB body hold the same kinds of content in different amounts.
 *
 * @typedef {{ id: string; name: string; input: Record<string, unknown> }} ToolCall
 * @typedef {{ user?: string; text: string; call: ToolCall; result: string }} Turn
 */

const SYSTEM_PROMPT = [
  'You are an interactive coding agent working in a git repository on the user’s machine.',
  'Use the tools to read, search and edit files and to run commands; never guess file contents.',
  'Keep edits minimal, follow the repository conventions, run the tests after each change,',
  'and explain briefly what you changed and why. Ask before destructive commands.',
].join(' ');

/** The tools a coding agent declares on every turn: name, description, JSON schema of the input. */
const TOOLS = [
  [
    'read_file',
    'Read a file from the workspace. Returns numbered lines.',
    { path: 'string', offset: 'integer', limit: 'integer' },
  ],
  ['write_file', 'Write a whole file, replacing what is there.', { path: 'string', content: 'string' }],
  [
    'edit_file',
    'Replace one exact string in a file with another.',
    { path: 'string', old_string: 'string', new_string: 'string' },
  ],
  ['list_directory', 'List a directory, one entry a line.', { path: 'string', recursive: 'boolean' }],
  [
    'search_files',
    'Search file contents with a regular expression.',
    { pattern: 'string', path: 'string', glob: 'string' },
  ],
  [
    'run_command',
    'Run a shell command in the workspace and return its output.',
    { command: 'string', timeout_ms: 'integer' },
  ],
  ['git_diff', 'Show the working tree diff.', { path: 'string' }],
  ['git_status', 'Show the working tree status.', {}],
  ['run_tests', 'Run the test suite or one test file.', { path: 'string', filter: 'string' }],
  ['web_fetch', 'Fetch a URL and return its text.', { url: 'string' }],
  ['ask_user', 'Ask the user a question and wait for the answer.', { question: 'string' }],
  ['todo_write', 'Replace the task list shown to the user.', { items: 'string' }],
].map(([name, description, fields]) => ({
  name: /** @type {string} */ (name),
  description: `${description} Prefer small, targeted calls and report failures plainly.`,
  schema: {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(/** @type {Record<string, string>} */ (fields)).map(([field, type]) => [
        field,
        { type, description: `The ${field.replace(/_/g, ' ')}.` },
      ]),
    ),
    required: Object.keys(/** @type {object} */ (fields)).slice(0, 1),
    additionalProperties: false,
  },
}));

/** Source text as a read_file result shows it (numbered lines). @param {number} turn @param {number} lines */
function sourceListing(turn, lines) {
  const out = [];
  for (let i = 1; i <= lines; i++) {
    out.push(
      `${String(i).padStart(5)}\t${i % 7 === 0 ? '' : '  '}export function handle${turn}_${i}(input: Readonly<Record<string, unknown>>): string { return JSON.stringify({ step: ${i}, input }); }`,
    );
  }
  return out.join('\n');
}

/** Test-run output as run_command shows it. @param {number} turn */
function testOutput(turn) {
  const lines = [`$ pnpm vitest run packages/core (turn ${turn})`];
  for (let i = 0; i < 24; i++) lines.push(` ✓ src/module-${turn}-${i}.test.ts (${3 + (i % 5)} tests) ${12 + i} ms`);
  lines.push(` ✗ src/module-${turn}.test.ts > parses "quoted \\"names\\"" — expected 'a\\tb' to equal 'a b'`);
  lines.push(' Test Files  1 failed | 24 passed (25)');
  return lines.join('\n');
}

/** @param {number} turn @returns {Turn} */
function turnAt(turn) {
  const id = `toolu_${turn.toString(36).padStart(6, '0')}A1b2C3d4E5f6G7`;
  const kind = turn % 3;
  const call =
    kind === 0
      ? { id, name: 'read_file', input: { path: `/workspace/packages/core/src/module-${turn}.ts` } }
      : kind === 1
        ? { id, name: 'run_command', input: { command: `pnpm vitest run packages/core -t "module ${turn}"` } }
        : {
            id,
            name: 'edit_file',
            input: {
              path: `/workspace/packages/core/src/module-${turn}.ts`,
              old_string: `return JSON.stringify({ step: ${turn}, input });`,
              new_string: `return JSON.stringify({ step: ${turn}, input, ok: true });`,
            },
          };
  const result = kind === 0 ? sourceListing(turn, 30) : kind === 1 ? testOutput(turn) : 'The file was edited.';
  return {
    ...(turn % 4 === 0 ? { user: `Now look at module ${turn}; the test named “quoted names” still fails.` } : {}),
    text: `I'll ${call.name.replace(/_/g, ' ')} to check module ${turn} — the failure points there.`,
    call,
    result,
  };
}

/** @param {(turns: Turn[]) => Record<string, unknown>} render @param {number} bytes */
function grow(render, bytes) {
  /** @type {Turn[]} */
  const turns = [];
  let text = JSON.stringify(render(turns));
  while (Buffer.byteLength(text) < bytes) {
    turns.push(turnAt(turns.length));
    const next = JSON.stringify(render(turns));
    if (Buffer.byteLength(next) > bytes && turns.length > 1) {
      turns.pop();
      break;
    }
    text = next;
  }
  return Buffer.from(text);
}

const FIRST_ASK = 'The tests in packages/core fail after the last refactor. Find out why and fix them.';

/** @param {string} model @param {number} bytes The size to reach (whole turns, so a little under). */
export function chatAgentBody(model, bytes) {
  return grow(
    (turns) => ({
      model,
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: FIRST_ASK },
        ...turns.flatMap((t) => [
          ...(t.user ? [{ role: 'user', content: t.user }] : []),
          {
            role: 'assistant',
            content: t.text,
            tool_calls: [
              {
                id: t.call.id,
                type: 'function',
                function: { name: t.call.name, arguments: JSON.stringify(t.call.input) },
              },
            ],
          },
          { role: 'tool', tool_call_id: t.call.id, content: t.result },
        ]),
      ],
      tools: TOOLS.map((t) => ({
        type: 'function',
        function: { name: t.name, description: t.description, parameters: t.schema },
      })),
      tool_choice: 'auto',
      stream: true,
    }),
    bytes,
  );
}

/** @param {string} model @param {number} bytes */
export function messagesAgentBody(model, bytes) {
  return grow(
    (turns) => ({
      model,
      max_tokens: 8192,
      system: [{ type: 'text', text: SYSTEM_PROMPT }],
      tools: TOOLS.map((t) => ({ name: t.name, description: t.description, input_schema: t.schema })),
      messages: [
        { role: 'user', content: [{ type: 'text', text: FIRST_ASK }] },
        ...turns.flatMap((t) => [
          {
            role: 'assistant',
            content: [
              { type: 'text', text: t.text },
              { type: 'tool_use', id: t.call.id, name: t.call.name, input: t.call.input },
            ],
          },
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: t.call.id, content: t.result },
              ...(t.user ? [{ type: 'text', text: t.user }] : []),
            ],
          },
        ]),
      ],
      stream: true,
    }),
    bytes,
  );
}

/** @param {string} model @param {number} bytes */
export function responsesAgentBody(model, bytes) {
  return grow(
    (turns) => ({
      model,
      instructions: SYSTEM_PROMPT,
      input: [
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: FIRST_ASK }] },
        ...turns.flatMap((t) => [
          ...(t.user ? [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: t.user }] }] : []),
          {
            type: 'message',
            role: 'assistant',
            content: [{ type: 'output_text', text: t.text, annotations: [] }],
          },
          { type: 'function_call', call_id: t.call.id, name: t.call.name, arguments: JSON.stringify(t.call.input) },
          { type: 'function_call_output', call_id: t.call.id, output: t.result },
        ]),
      ],
      tools: TOOLS.map((t) => ({
        type: 'function',
        name: t.name,
        description: t.description,
        parameters: t.schema,
        strict: false,
      })),
      max_output_tokens: 8192,
      store: false,
      stream: true,
    }),
    bytes,
  );
}
