import type {
  IrChoice,
  IrContentPart,
  IrErrorData,
  IrFinishReason,
  IrResponse,
  IrStreamEvent,
  IrStreamEventHandlers,
  IrUsage,
} from '@interlingua/ir';
import { dispatchStreamEvent, IrError } from '@interlingua/ir';

export interface ResponseAccumulator {
  push(event: IrStreamEvent): void;
  /** The answer so far; throws the stream's `IrError` when it carried an error event. */
  result(): IrResponse;
  readonly usage: IrUsage | undefined;
  readonly error: IrErrorData | undefined;
}

interface OpenBlock {
  choice: number;
  part: IrContentPart;
}

/** Folds IR stream events into a complete IR response. */
export function createResponseAccumulator(): ResponseAccumulator {
  let head = { id: '', model: '', created: 0 };
  let usage: IrUsage | undefined;
  let error: IrErrorData | undefined;
  const blocks = new Map<number, OpenBlock>();
  const order: number[] = [];
  const finishes = new Map<number, IrFinishReason>();

  const open = (index: number, choice: number | undefined, part: IrContentPart): void => {
    if (!blocks.has(index)) order.push(index);
    blocks.set(index, { choice: choice ?? 0, part });
  };
  const partAt = (index: number): IrContentPart | undefined => blocks.get(index)?.part;

  const handlers: IrStreamEventHandlers<void> = {
    'response-start': (e) => {
      head = { id: e.id, model: e.model, created: e.created };
      if (e.usage) usage = e.usage;
    },
    'text-start': (e) => open(e.index, e.choice, { type: 'text', text: '' }),
    'text-delta': (e) => {
      const part = partAt(e.index);
      if (part?.type === 'text') part.text += e.delta;
    },
    'text-end': () => undefined,
    'reasoning-start': (e) => open(e.index, e.choice, { type: 'reasoning', text: '' }),
    'reasoning-delta': (e) => {
      const part = partAt(e.index);
      if (part?.type === 'reasoning') part.text += e.delta;
    },
    'reasoning-signature': (e) => {
      const part = partAt(e.index);
      if (part?.type === 'reasoning') part.opaque = e.opaque;
    },
    'reasoning-end': () => undefined,
    'tool-call-start': (e) => {
      const part: IrContentPart = { type: 'tool-call', id: e.id, name: e.name, argumentsJson: '' };
      if (e.opaque) part.opaque = e.opaque;
      open(e.index, e.choice, part);
    },
    'tool-call-delta': (e) => {
      const part = partAt(e.index);
      if (part?.type === 'tool-call') part.argumentsJson += e.argumentsDelta;
    },
    'tool-call-end': (e) => {
      const part = partAt(e.index);
      if (part?.type === 'tool-call' && part.argumentsJson.trim() === '') part.argumentsJson = '{}';
    },
    file: (e) => open(e.index, e.choice, e.part),
    'web-search': (e) => open(e.index, e.choice, e.part),
    mcp: (e) => open(e.index, e.choice, e.part),
    'text-citation': (e) => {
      const part = partAt(e.index);
      if (part?.type === 'text') (part.citations ??= []).push(e.citation);
    },
    'usage-update': (e) => {
      usage = e.usage;
    },
    finish: (e) => {
      finishes.set(e.choice ?? 0, e.finishReason);
    },
    error: (e) => {
      error = e.error;
    },
  };

  return {
    push: (event) => dispatchStreamEvent(event, handlers),
    get usage() {
      return usage;
    },
    get error() {
      return error;
    },
    result() {
      if (error) throw new IrError(error);
      const choices = new Map<number, IrChoice>();
      const choiceAt = (index: number): IrChoice => {
        let choice = choices.get(index);
        if (!choice) {
          choice = { index, content: [], finishReason: finishes.get(index) ?? { unified: 'other', raw: null } };
          choices.set(index, choice);
        }
        return choice;
      };
      for (const index of order) {
        const block = blocks.get(index);
        if (block) choiceAt(block.choice).content.push(block.part);
      }
      for (const index of finishes.keys()) choiceAt(index);
      if (choices.size === 0) choiceAt(0);
      const response: IrResponse = { ...head, choices: [...choices.values()].sort((a, b) => a.index - b.index) };
      if (usage) response.usage = usage;
      return response;
    },
  };
}

/** Accumulates a whole event list. */
export function accumulateResponse(events: Iterable<IrStreamEvent>): IrResponse {
  const accumulator = createResponseAccumulator();
  for (const event of events) accumulator.push(event);
  return accumulator.result();
}
