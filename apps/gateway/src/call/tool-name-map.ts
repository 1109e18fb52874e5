import type { IrContentPart, IrRequest, IrResponse, IrStreamEvent, IrWarning } from '@interlingua/ir';

/**
 * Tool names every generation wire accepts: OpenAI and Anthropic take `^[a-zA-Z0-9_-]{1,64}$`,
 * Gemini also wants a letter or `_` first.
 * @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools
 * @see https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use
 * @see https://ai.google.dev/api/caching#FunctionDeclaration
 */
const PORTABLE_NAME = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/;
const PREFIX_LENGTH = 55;

/** FNV-1a (32 bits) of the UTF-16 code units, as 8 hex digits. */
function hash8(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

/** A portable stand-in for `name`: its characters made safe, cut to 55, then `_` and a hash of the original. */
export function portableToolName(name: string): string {
  if (PORTABLE_NAME.test(name)) return name;
  const safe = name.replace(/[^a-zA-Z0-9_-]/g, '_').replace(/^(?=[0-9-])/, '_');
  return `${safe.slice(0, PREFIX_LENGTH)}_${hash8(name)}`;
}

/**
 * The reversible renaming of one request's tool names that an upstream would reject (longer than
 * 64 characters, or with characters such as `.`, `:`, `/`, spaces). Stateless across requests:
 * the map is built from the request's own tools, and the answer's names are mapped back with it.
 */
export interface ToolNameMap {
  /** The request with every mapped name replaced (tools, tool choice, history calls and results). */
  shorten(ir: IrRequest): IrRequest;
  restoreResponse(response: IrResponse): IrResponse;
  restoreEvents(events: IrStreamEvent[]): IrStreamEvent[];
  /** One `approximated` warning per renamed tool. */
  warnings: IrWarning[];
}

/** The renaming a request needs, or undefined when every tool name is portable. */
export function toolNameMapFor(ir: IrRequest): ToolNameMap | undefined {
  const toUpstream = new Map<string, string>();
  const names = new Set(ir.tools?.map((tool) => tool.name));
  for (const message of ir.messages)
    for (const part of message.content) if (part.type === 'tool-call') names.add(part.name);
  for (const name of names) if (!PORTABLE_NAME.test(name)) toUpstream.set(name, portableToolName(name));
  if (toUpstream.size === 0) return undefined;
  const toCaller = new Map([...toUpstream].map(([original, short]) => [short, original]));
  const up = (name: string): string => toUpstream.get(name) ?? name;
  const back = (name: string): string => toCaller.get(name) ?? name;
  const warnings: IrWarning[] = [...toUpstream].map(([original, short]) => ({
    kind: 'approximated',
    field: 'tools.name',
    message: `tool "${original}" sent upstream as "${short}" (names must match ${PORTABLE_NAME.source}); restored in the answer`,
  }));
  return {
    warnings,
    shorten: (request) => ({
      ...request,
      messages: request.messages.map((message) => ({
        ...message,
        content: message.content.map((part) => renamePart(part, up)),
      })),
      ...(request.tools ? { tools: request.tools.map((tool) => ({ ...tool, name: up(tool.name) })) } : {}),
      ...(request.toolChoice?.type === 'tool'
        ? { toolChoice: { type: 'tool', name: up(request.toolChoice.name) } }
        : {}),
    }),
    restoreResponse: (response) => ({
      ...response,
      choices: response.choices.map((choice) => ({
        ...choice,
        content: choice.content.map((part) => renamePart(part, back)),
      })),
    }),
    restoreEvents: (events) =>
      events.map((event) => (event.type === 'tool-call-start' ? { ...event, name: back(event.name) } : event)),
  };
}

function renamePart(part: IrContentPart, rename: (name: string) => string): IrContentPart {
  if (part.type === 'tool-call') return { ...part, name: rename(part.name) };
  if (part.type === 'tool-result') return { ...part, toolName: rename(part.toolName) };
  return part;
}
