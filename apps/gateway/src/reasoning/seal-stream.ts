import type { IrOpaque, IrStreamEvent } from '@interlingua/ir';
import type { TurnReasoning } from './reasoning-carrier.js';
import {
  callCarrierContents,
  carrierOpaque,
  isForeign,
  needsCallCarrier,
  needsTextCarrier,
  reasoningContents,
  signsCalls,
  type CarrierSealing,
} from './seal-answer.js';

interface ReasoningBlock {
  text: string;
  /** An artefact of another family, held back until the block ends. */
  foreign?: IrOpaque;
  /** The block got an artefact of the caller's own family. */
  native: boolean;
}

/**
 * Seals a streamed answer's foreign artefacts for the caller, as `sealAnswer` does for a whole
 * one: a foreign reasoning signature is held and sent, sealed, just before its block ends; a
 * signed tool call is preceded by a reasoning block holding its carrier (block indexes after it
 * shift by one) unless the caller's style signs calls itself (`signsCalls`).
 */
export class CarrierStreamSealer {
  private readonly reasoning = new Map<number, ReasoningBlock>();
  /** Upstream block index -> the index the caller sees. */
  private readonly indexes = new Map<number, number>();
  private shift = 0;
  /** A tool call already started (only the first of a turn gets a bare Gemini carrier). */
  private sawCall = false;
  /** The turn's foreign signed reasoning so far, for the first call's carrier (Gemini callers). */
  private readonly turn: TurnReasoning[] = [];

  constructor(private readonly sealing: CarrierSealing) {}

  push(events: readonly IrStreamEvent[]): IrStreamEvent[] {
    const out: IrStreamEvent[] = [];
    for (const event of events) this.one(event, out);
    return out;
  }

  /** Appends what `event` becomes for the caller to `out` (the event itself when nothing changes). */
  private one(event: IrStreamEvent, out: IrStreamEvent[]): void {
    switch (event.type) {
      case 'reasoning-start':
        this.reasoning.set(event.index, { text: '', native: false });
        out.push(reindexed(event, this.open(event.index)));
        return;
      case 'reasoning-delta': {
        const block = this.reasoning.get(event.index);
        if (block) block.text += event.delta;
        out.push(reindexed(event, this.at(event.index)));
        return;
      }
      case 'reasoning-signature':
        out.push(...this.signature(event.index, event.opaque));
        return;
      case 'reasoning-end':
        out.push(...this.carrierAtEnd(event.index), reindexed(event, this.at(event.index)));
        return;
      case 'tool-call-start':
        out.push(...this.toolCallStart(event));
        return;
      case 'text-start':
      case 'file':
        out.push(reindexed(event, this.open(event.index)));
        return;
      case 'text-delta':
      case 'text-end':
      case 'tool-call-delta':
      case 'tool-call-end':
        out.push(reindexed(event, this.at(event.index)));
        return;
      default:
        out.push(event);
    }
  }

  private open(index: number): number {
    const mapped = index + this.shift;
    this.indexes.set(index, mapped);
    return mapped;
  }

  private at(index: number): number {
    return this.indexes.get(index) ?? index + this.shift;
  }

  private signature(index: number, opaque: IrOpaque): IrStreamEvent[] {
    const block = this.reasoning.get(index);
    if (!isForeign(opaque, this.sealing)) {
      if (block) block.native = true;
      return [{ type: 'reasoning-signature', index: this.at(index), opaque }];
    }
    if (block) {
      block.foreign = opaque;
      return [];
    }
    // A signature for a block this sealer did not see start: sealed at once rather than lost.
    return [
      {
        type: 'reasoning-signature',
        index: this.at(index),
        opaque: carrierOpaque({ origin: opaque.origin, opaque }, this.sealing),
      },
    ];
  }

  private carrierAtEnd(index: number): IrStreamEvent[] {
    const block = this.reasoning.get(index);
    this.reasoning.delete(index);
    if (!block || block.native) return [];
    if (block.foreign) {
      this.turn.push({ text: block.text, opaque: block.foreign });
      return [
        {
          type: 'reasoning-signature',
          index: this.at(index),
          opaque: carrierOpaque(
            reasoningContents(block.foreign.origin, block.text, block.foreign, this.sealing),
            this.sealing,
          ),
        },
      ];
    }
    if (needsTextCarrier(block.text, this.sealing))
      return [
        {
          type: 'reasoning-signature',
          index: this.at(index),
          opaque: carrierOpaque(
            reasoningContents(this.sealing.upstreamFamily, block.text, undefined, this.sealing),
            this.sealing,
          ),
        },
      ];
    return [];
  }

  private toolCallStart(event: Extract<IrStreamEvent, { type: 'tool-call-start' }>): IrStreamEvent[] {
    const { opaque } = event;
    const first = !this.sawCall;
    this.sawCall = true;
    if (!opaque && first && needsCallCarrier(this.sealing))
      return [
        {
          ...event,
          index: this.open(event.index),
          opaque: carrierOpaque(callCarrierContents(this.turn, this.sealing), this.sealing),
        },
      ];
    if (!isForeign(opaque, this.sealing)) return [{ ...event, index: this.open(event.index) }];
    if (signsCalls(this.sealing))
      return [
        {
          ...event,
          index: this.open(event.index),
          opaque: carrierOpaque({ origin: opaque.origin, opaque }, this.sealing),
        },
      ];
    const carrierIndex = event.index + this.shift;
    this.shift++;
    const { opaque: _signed, ...call } = event;
    const choice = event.choice === undefined ? {} : { choice: event.choice };
    return [
      { type: 'reasoning-start', index: carrierIndex, ...choice },
      {
        type: 'reasoning-signature',
        index: carrierIndex,
        opaque: carrierOpaque({ origin: opaque.origin, opaque, toolCall: true }, this.sealing),
      },
      { type: 'reasoning-end', index: carrierIndex },
      { ...call, index: this.open(event.index) },
    ];
  }
}

/** The event at the caller's block index: itself when the index stays (no copy per event). */
function reindexed<Event extends { index: number }>(event: Event, index: number): Event {
  return event.index === index ? event : { ...event, index };
}
