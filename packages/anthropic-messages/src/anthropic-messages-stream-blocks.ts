import type { IrOpaque } from '@interlingua/ir';
import type { AnthropicStreamEvent } from './anthropic-messages-stream-event-schema.js';

export type StreamBlockKind = 'text' | 'reasoning' | 'tool' | 'server';

/** A server tool block sent whole (`server_tool_use`, `web_search_tool_result`, `mcp_tool_use`…). */
export type ServerBlock = Record<string, unknown> & { type: string };

interface Block {
  kind: StreamBlockKind;
  toolId: string;
  toolName: string;
  /** Deltas received while another block held the wire. */
  buffered: string[];
  /** An Anthropic signature or redacted-thinking blob. */
  opaque?: IrOpaque;
  ended: boolean;
  /** Wire index once `content_block_start` went out. */
  wireIndex?: number;
  /** Server tool blocks that make up this IR block (a web search, an MCP call). */
  server?: ServerBlock[];
  /** Citations of a text block that arrived before it reached the wire. */
  citations?: Array<Record<string, unknown>>;
}

/**
 * Schedules IR blocks onto the Anthropic wire, where one block streams at a time and indices
 * run 0,1,2… without gaps. The first open block is live; blocks that start while it is open wait
 * (their deltas buffered) and go out, whole or then live, once it ends. Text and reasoning blocks
 * open lazily, so blocks that stay empty never reach the wire, and a live block that has sent
 * nothing yet steps back behind a block that starts after it. A thinking block goes out only with
 * an Anthropic signature (its text is held until the signature comes): Anthropic rejects an
 * unsigned one when a client sends it back, so reasoning from other providers is left out.
 */
export class StreamBlockScheduler {
  readonly #blocks = new Map<number, Block>();
  readonly #waiting: number[] = [];
  #live: number | undefined;
  #nextWire = 0;
  #toolUseSeen = false;
  readonly #toolId: (id: string, index: number) => string;

  /** `toolId` turns an IR tool-call id (and the block's IR index) into the wire id. */
  constructor(toolId: (id: string, index: number) => string) {
    this.#toolId = toolId;
  }

  /** True once a `tool_use` block reached the wire. */
  get sawToolUse(): boolean {
    return this.#toolUseSeen;
  }

  start(index: number, kind: StreamBlockKind, tool?: { id: string; name: string }): AnthropicStreamEvent[] {
    if (this.#blocks.has(index)) return [];
    this.#blocks.set(index, {
      kind,
      toolId: tool ? this.#toolId(tool.id, index) : '',
      toolName: tool?.name ?? '',
      buffered: [],
      ended: false,
    });
    const out: AnthropicStreamEvent[] = [];
    const current = this.#live === undefined ? undefined : this.#blocks.get(this.#live);
    if (
      this.#live !== undefined &&
      current &&
      current.wireIndex === undefined &&
      (current.buffered.length === 0 || isUnsigned(current)) &&
      !current.opaque
    ) {
      this.#waiting.unshift(this.#live);
      this.#live = undefined;
    }
    if (this.#live === undefined) this.#makeLive(index, out);
    else this.#waiting.push(index);
    return out;
  }

  delta(index: number, kind: StreamBlockKind, text: string): AnthropicStreamEvent[] {
    const out = this.#blocks.has(index)
      ? []
      : this.start(index, kind, kind === 'tool' ? { id: '', name: '' } : undefined);
    const block = this.#blocks.get(index);
    if (!block || block.ended || block.kind !== kind) return out;
    if (this.#live === index) this.#emit(block, text, out);
    else block.buffered.push(text);
    return out;
  }

  /** An Anthropic signature or redacted blob for a reasoning block; other origins are dropped. */
  opaque(index: number, opaque: IrOpaque): AnthropicStreamEvent[] {
    const block = this.#blocks.get(index);
    if (!block || block.kind !== 'reasoning' || opaque.origin !== 'anthropic' || opaque.data === '' || block.ended)
      return [];
    if (opaque.kind === 'redacted' && block.wireIndex !== undefined) return [];
    block.opaque = opaque;
    const out: AnthropicStreamEvent[] = [];
    if (this.#live === index && opaque.kind === 'redacted') this.#open(block, out);
    if (this.#live === index && opaque.kind === 'signature') this.#emit(block, this.#takeBuffered(block), out);
    return out;
  }

  /** A web search or an MCP call: its server tool blocks go out whole, in turn with the other blocks. */
  server(index: number, wire: ServerBlock[]): AnthropicStreamEvent[] {
    if (this.#blocks.has(index) || wire.length === 0) return [];
    const out = this.start(index, 'server');
    const block = this.#blocks.get(index);
    if (block) block.server = wire;
    return [...out, ...this.end(index)];
  }

  /** A citation of text block `index`: sent as `citations_delta` once the block is on the wire. */
  citation(index: number, citation: Record<string, unknown>): AnthropicStreamEvent[] {
    const block = this.#blocks.get(index);
    if (!block || block.kind !== 'text' || block.ended) return [];
    if (this.#live === index && block.wireIndex !== undefined) return [citationDelta(block.wireIndex, citation)];
    (block.citations ??= []).push(citation);
    return [];
  }

  end(index: number): AnthropicStreamEvent[] {
    const block = this.#blocks.get(index);
    if (!block || block.ended) return [];
    block.ended = true;
    const out: AnthropicStreamEvent[] = [];
    if (this.#live === index) this.#closeLive(out);
    this.#promote(out);
    return out;
  }

  /** Ends every block (at `finish` and at the end of the stream). */
  closeAll(): AnthropicStreamEvent[] {
    const out: AnthropicStreamEvent[] = [];
    for (const block of this.#blocks.values()) block.ended = true;
    this.#closeLive(out);
    this.#promote(out);
    return out;
  }

  #open(block: Block, out: AnthropicStreamEvent[]): number {
    if (block.wireIndex === undefined && block.server) {
      block.server.forEach((wire, position) => {
        const index = this.#nextWire++;
        block.wireIndex = index;
        out.push(...serverEvents(index, wire));
        if (position < (block.server?.length ?? 0) - 1) out.push({ type: 'content_block_stop', index });
      });
    }
    if (block.wireIndex === undefined) {
      block.wireIndex = this.#nextWire++;
      if (block.kind === 'tool') this.#toolUseSeen = true;
      out.push(startEvent(block.wireIndex, block));
    }
    return block.wireIndex;
  }

  #emit(block: Block, text: string, out: AnthropicStreamEvent[]): void {
    if (text === '' || isRedacted(block)) return;
    if (isUnsigned(block)) {
      block.buffered.push(text);
      return;
    }
    out.push(deltaEvent(this.#open(block, out), block, text));
  }

  #closeLive(out: AnthropicStreamEvent[]): void {
    const block = this.#live === undefined ? undefined : this.#blocks.get(this.#live);
    this.#live = undefined;
    if (!block) return;
    if (block.wireIndex === undefined && (block.kind === 'tool' || block.kind === 'server' || block.opaque))
      this.#open(block, out);
    if (block.wireIndex === undefined) return;
    for (const citation of block.citations ?? []) out.push(citationDelta(block.wireIndex, citation));
    if (block.kind === 'reasoning' && block.opaque?.kind === 'signature') {
      out.push({
        type: 'content_block_delta',
        index: block.wireIndex,
        delta: { type: 'signature_delta', signature: block.opaque.data },
      });
    }
    out.push({ type: 'content_block_stop', index: block.wireIndex });
  }

  #makeLive(index: number, out: AnthropicStreamEvent[]): void {
    const block = this.#blocks.get(index);
    if (!block) return;
    this.#live = index;
    if (block.kind === 'tool' || isRedacted(block)) this.#open(block, out);
    this.#emit(block, this.#takeBuffered(block), out);
    if (block.ended) this.#closeLive(out);
  }

  #takeBuffered(block: Block): string {
    const text = block.buffered.join('');
    block.buffered = [];
    return text;
  }

  #promote(out: AnthropicStreamEvent[]): void {
    let next = this.#live === undefined ? this.#waiting.shift() : undefined;
    while (next !== undefined) {
      this.#makeLive(next, out);
      next = this.#live === undefined ? this.#waiting.shift() : undefined;
    }
  }
}

/** A thinking block without an Anthropic signature (yet). */
function isUnsigned(block: Block): boolean {
  return block.kind === 'reasoning' && block.opaque?.origin !== 'anthropic';
}

function isRedacted(block: Block): boolean {
  return block.kind === 'reasoning' && block.opaque?.kind === 'redacted';
}

function citationDelta(index: number, citation: Record<string, unknown>): AnthropicStreamEvent {
  return {
    type: 'content_block_delta',
    index,
    delta: { type: 'citations_delta', citation: { type: 'web_search_result_location', ...citation } },
  };
}

/** A server tool block's start: a `server_tool_use` or `mcp_tool_use` starts with `{}` and streams its input as JSON. */
function serverEvents(index: number, wire: ServerBlock): AnthropicStreamEvent[] {
  if (wire.type !== 'server_tool_use' && wire.type !== 'mcp_tool_use')
    return [{ type: 'content_block_start', index, content_block: wire } as AnthropicStreamEvent];
  const start = { type: 'content_block_start', index, content_block: { ...wire, input: {} } } as AnthropicStreamEvent;
  const input = JSON.stringify(wire.input ?? {});
  return [start, { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: input } }];
}

function deltaEvent(index: number, block: Block, text: string): AnthropicStreamEvent {
  if (block.kind === 'text') return { type: 'content_block_delta', index, delta: { type: 'text_delta', text } };
  if (block.kind === 'tool')
    return { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: text } };
  return { type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: text } };
}

function startEvent(index: number, block: Block): AnthropicStreamEvent {
  if (block.kind === 'text') return { type: 'content_block_start', index, content_block: { type: 'text', text: '' } };
  if (block.kind === 'tool')
    return {
      type: 'content_block_start',
      index,
      content_block: { type: 'tool_use', id: block.toolId, name: block.toolName, input: {} },
    };
  if (isRedacted(block))
    return {
      type: 'content_block_start',
      index,
      content_block: { type: 'redacted_thinking', data: block.opaque?.data ?? '' },
    };
  return { type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '', signature: '' } };
}
