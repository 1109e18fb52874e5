import { openAiResponsesRequestToIr } from '@interlingua/openai-responses';
import { describe, expect, it } from 'vitest';
import { findCompactionTrigger, withoutCompactionTrigger } from './compaction-trigger.js';

const user = { role: 'user', content: 'hi' };
const irOf = (input: unknown[]) => openAiResponsesRequestToIr({ model: 'm', instructions: 'be brief', input }).value;

describe('findCompactionTrigger', () => {
  it('finds the final trigger, and the request without it keeps the other items', () => {
    const ir = irOf([user, { type: 'item_reference', id: 'msg_1' }, { type: 'compaction_trigger' }]);
    const trigger = findCompactionTrigger(ir);
    expect(trigger).toMatchObject({ index: 2, item: { type: 'compaction_trigger' } });
    const rest = withoutCompactionTrigger(ir, trigger!);
    expect(rest.messages).toEqual(ir.messages);
    expect(rest.extensions?.['openai-responses']).toMatchObject({
      items: [{ index: 1, item: { type: 'item_reference', id: 'msg_1' } }],
    });
  });

  it('finds nothing in a request without one', () => {
    expect(findCompactionTrigger(irOf([user]))).toBeUndefined();
  });

  it.each([
    ['before a message', [{ type: 'compaction_trigger' }, user], 'input[0]'],
    ['before another item', [user, { type: 'compaction_trigger' }, { type: 'item_reference', id: 'x' }], 'input[1]'],
    ['twice', [user, { type: 'compaction_trigger' }, { type: 'compaction_trigger' }], 'input[2]'],
  ])('refuses a trigger %s with a 400 naming it', (_case, input, field) => {
    expect(() => findCompactionTrigger(irOf(input))).toThrow(
      expect.objectContaining({ data: expect.objectContaining({ kind: 'invalid-request', param: field }) }),
    );
  });
});
