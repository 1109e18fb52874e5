import { describe, expect, it } from 'vitest';
import { ConnectionChain, type Expansion } from './connection-chain.js';

const MAX_BYTES = 4 * 1024 * 1024;

/** The expanded body; throws on a refusal. */
function bodyOf(expansion: Expansion): Record<string, unknown> {
  if ('problem' in expansion) throw new Error(expansion.problem.message);
  return expansion.body;
}

const answer = { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Paris' }] };

describe('ConnectionChain', () => {
  it('replaces previous_response_id naming the latest response by the conversation so far', () => {
    const chain = new ConnectionChain(MAX_BYTES);
    chain.remember('resp_1', [{ type: 'message', role: 'user', content: 'capital?' }], [answer]);
    const body = bodyOf(chain.expand({ model: 'm', previous_response_id: 'resp_1', input: 'and Spain?' }));
    expect(body).toEqual({
      model: 'm',
      input: [
        { type: 'message', role: 'user', content: 'capital?' },
        answer,
        { type: 'message', role: 'user', content: 'and Spain?' },
      ],
    });
  });

  it('leaves other ids to the response store, and forgets after a stored or failed turn', () => {
    const chain = new ConnectionChain(MAX_BYTES);
    chain.remember('resp_1', [], [answer]);
    const other = { model: 'm', previous_response_id: 'resp_0', input: 'x' };
    expect(bodyOf(chain.expand(other))).toBe(other);
    chain.forget();
    const same = { model: 'm', previous_response_id: 'resp_1', input: 'x' };
    expect(bodyOf(chain.expand(same))).toBe(same);
  });

  it('replays output items without the item ids only a stored response knows', () => {
    const chain = new ConnectionChain(MAX_BYTES);
    chain.remember(
      'resp_1',
      [],
      [
        { ...answer, id: 'msg_1' },
        { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'f', arguments: '{}' },
      ],
    );
    expect(bodyOf(chain.expand({ previous_response_id: 'resp_1', input: [] })).input).toEqual([
      answer,
      { type: 'function_call', call_id: 'call_1', name: 'f', arguments: '{}' },
    ]);
  });

  it('drops reasoning items that carry no encrypted content (nothing stored them), keeps those that do', () => {
    const chain = new ConnectionChain(MAX_BYTES);
    const sealed = { type: 'reasoning', id: 'rs_2', summary: [], encrypted_content: 'abc' };
    chain.remember('resp_1', [], [{ type: 'reasoning', id: 'rs_1', summary: [] }, sealed, answer]);
    expect(bodyOf(chain.expand({ previous_response_id: 'resp_1', input: [] })).input).toEqual([sealed, answer]);
  });

  it('continues a compaction turn with its compaction item, not the trigger that asked for it', () => {
    const chain = new ConnectionChain(MAX_BYTES);
    const user = { type: 'message', role: 'user', content: 'hi' };
    const compaction = { type: 'compaction', id: 'cmp_1', encrypted_content: 'ilg1.x' };
    chain.remember('resp_1', [user, { type: 'compaction_trigger' }], [compaction]);
    expect(bodyOf(chain.expand({ previous_response_id: 'resp_1', input: [] })).input).toEqual([
      user,
      { type: 'compaction', encrypted_content: 'ilg1.x' },
    ]);
  });

  it('keeps at most maxBytes of conversation: a continuation past it is refused (413) and forgotten', () => {
    const chain = new ConnectionChain(1_000);
    const item = (text: string): unknown => ({ type: 'message', role: 'user', content: text });
    chain.remember('resp_1', [item('a'.repeat(400))], []);
    const kept = chain.bytes;
    expect(kept).toBe(Buffer.byteLength(JSON.stringify([item('a'.repeat(400))])));
    const next = chain.expand({ previous_response_id: 'resp_1', input: 'b'.repeat(400) });
    expect('body' in next && next.bytes).toBe(kept + Buffer.byteLength(JSON.stringify([item('b'.repeat(400))])));
    expect(chain.expand({ previous_response_id: 'resp_1', input: 'c'.repeat(600) })).toMatchObject({
      problem: { status: 413, code: 'conversation_too_large', param: 'previous_response_id' },
    });
    expect(chain.bytes).toBe(0);
    chain.remember('resp_2', [item('d'.repeat(2_000))], []);
    expect(chain.bytes).toBe(0);
    expect(chain.expand({ previous_response_id: 'resp_2', input: 'e' })).toMatchObject({
      problem: { code: 'conversation_too_large' },
    });
  });
});
