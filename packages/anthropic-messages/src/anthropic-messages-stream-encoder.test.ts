import type { IrContentPart, IrStreamEvent } from '@interlingua/ir';
import { accumulateResponse, parseSseText, runMachineSync, serializeSseMessages } from '@interlingua/ir-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anthropicMessagesCodec as codec } from './anthropic-messages-codec.js';
import type { AnthropicStreamEvent } from './anthropic-messages-stream-event-schema.js';
import { anthropicSseMessage, encoderSseMessage } from './anthropic-messages-stream-encoder.js';
import { validateAnthropicMessagesStream } from './anthropic-messages-stream-validator.js';

type Kind = 'text' | 'reasoning' | 'tool';

interface BlockSpec {
  kind: Kind;
  chunks: string[];
}

function blockEvents(block: BlockSpec, index: number): IrStreamEvent[] {
  if (block.kind === 'text') {
    return [
      { type: 'text-start', index },
      ...block.chunks.map((delta) => ({ type: 'text-delta' as const, index, delta })),
      { type: 'text-end', index },
    ];
  }
  if (block.kind === 'reasoning') {
    return [
      { type: 'reasoning-start', index },
      ...block.chunks.map((delta) => ({ type: 'reasoning-delta' as const, index, delta })),
      { type: 'reasoning-signature', index, opaque: { origin: 'anthropic', kind: 'signature', data: `sig${index}` } },
      { type: 'reasoning-end', index },
    ];
  }
  const json = JSON.stringify({ n: index, s: block.chunks.join('') });
  const cut = Math.floor(json.length / 2);
  return [
    { type: 'tool-call-start', index, id: `toolu_${index}`, name: `f${index}` },
    { type: 'tool-call-delta', index, argumentsDelta: json.slice(0, cut) },
    { type: 'tool-call-delta', index, argumentsDelta: json.slice(cut) },
    { type: 'tool-call-end', index },
  ];
}

function expectedPart(block: BlockSpec, index: number): IrContentPart | undefined {
  const text = block.chunks.join('');
  if (block.kind === 'text') return text === '' ? undefined : { type: 'text', text };
  if (block.kind === 'reasoning')
    return { type: 'reasoning', text, opaque: { origin: 'anthropic', kind: 'signature', data: `sig${index}` } };
  return {
    type: 'tool-call',
    id: `toolu_${index}`,
    name: `f${index}`,
    argumentsJson: JSON.stringify({ n: index, s: text }),
  };
}

/** Interleaves the per-block event lists following `picks`, keeping each block's own order. */
function interleave(lists: IrStreamEvent[][], picks: number[]): IrStreamEvent[] {
  const queues = lists.map((list) => [...list]);
  const out: IrStreamEvent[] = [];
  for (const pick of picks) {
    const live = queues.filter((queue) => queue.length > 0);
    if (live.length === 0) break;
    out.push(live[pick % live.length]?.shift() as IrStreamEvent);
  }
  for (const queue of queues) out.push(...queue);
  return out;
}

const block = fc.record({
  kind: fc.constantFrom<Kind>('text', 'reasoning', 'tool'),
  chunks: fc.array(fc.string({ maxLength: 6, unit: 'grapheme' }), { maxLength: 4 }),
});

const sortKey = (part: IrContentPart): string => JSON.stringify(part);

describe('stream encoder, any IR event order', () => {
  it('emits a stream the SDK grammar accepts that carries every block', () => {
    fc.assert(
      fc.property(
        fc.array(block, { maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 60 }),
        fc.boolean(),
        fc.boolean(),
        (blocks, picks, finishEarly, usageLate) => {
          const perBlock = blocks.map((spec, i) => blockEvents(spec, i * 3));
          const events: IrStreamEvent[] = [{ type: 'response-start', id: 'msg_p', model: 'm', created: 0 }];
          const body = interleave(perBlock, picks);
          const usage = { type: 'usage-update' as const, usage: { inputTokens: 5, outputTokens: 7, totalTokens: 12 } };
          const finish = { type: 'finish' as const, finishReason: { unified: 'stop' as const, raw: 'stop' } };
          if (finishEarly)
            events.push(
              ...body.slice(0, Math.floor(body.length / 2)),
              finish,
              ...body.slice(Math.floor(body.length / 2)),
            );
          else events.push(...body, finish);
          if (usageLate) events.push(usage);
          else events.splice(1, 0, usage);
          const out = runMachineSync(codec.stream.createEncoder(), events);
          expect(validateAnthropicMessagesStream(out)).toEqual([]);
          // Every message, written directly or not, is what the general serialiser gives for its event.
          for (const message of out)
            expect(anthropicSseMessage(JSON.parse(message.data) as AnthropicStreamEvent)).toEqual(message);
          const again = accumulateResponse(
            runMachineSync(codec.stream.createDecoder(), parseSseText(serializeSseMessages(out))),
          );
          const expected = blocks.flatMap((spec, i) => expectedPart(spec, i * 3) ?? []);
          expect([...(again.choices[0]?.content ?? [])].sort((a, b) => sortKey(a).localeCompare(sortKey(b)))).toEqual(
            [...expected].sort((a, b) => sortKey(a).localeCompare(sortKey(b))),
          );
          expect(again.usage?.outputTokens).toBe(7);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('deltas written directly', () => {
  const general = (event: AnthropicStreamEvent) => anthropicSseMessage(event);

  it('gives the bytes of the general serialiser for any text or tool input, lone surrogates too', () => {
    fc.assert(
      fc.property(fc.nat(), fc.string({ unit: 'binary' }), fc.boolean(), (index, text, tool) => {
        const event: AnthropicStreamEvent = tool
          ? { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: text } }
          : { type: 'content_block_delta', index, delta: { type: 'text_delta', text } };
        expect(encoderSseMessage(event)).toEqual(general(event));
      }),
      { numRuns: 300 },
    );
  });

  it('leaves other deltas and fields of another kind to the general serialiser', () => {
    const odd = [
      { type: 'content_block_delta', index: 1.5, delta: { type: 'text_delta', text: 'a' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 3 } },
      { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: null } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'x' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'message_stop' },
    ] as unknown as AnthropicStreamEvent[];
    for (const event of odd) expect(encoderSseMessage(event)).toEqual(general(event));
  });
});
