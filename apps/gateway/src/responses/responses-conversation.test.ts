import type { IrMessage } from '@interlingua/ir';
import { irToOpenAiResponsesRequest, openAiResponsesRequestToIr } from '@interlingua/openai-responses';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../store/memory-store.js';
import { sealCompaction } from './compaction-seal.js';
import {
  COMPACTION_NOTE_PREFIX,
  insertHistory,
  openAiStateReasons,
  prepareConversation,
} from './responses-conversation.js';
import { newGatewayResponseId, ResponseStore } from './response-store.js';

const history: IrMessage[] = [
  { role: 'user', content: [{ type: 'text', text: 'earlier question' }] },
  { role: 'assistant', content: [{ type: 'text', text: 'earlier answer' }] },
];

const SECRET = 'conversation-test-secret';

function context(
  store = new ResponseStore(new MemoryStore(), { ttlSeconds: 60, maxEntries: 10, maxEntryBytes: 100_000 }),
) {
  return { store, key: 'k', secret: SECRET };
}

describe('insertHistory', () => {
  it('puts earlier turns after instructions and moves the kept item positions along', () => {
    const { value: ir } = openAiResponsesRequestToIr({
      model: 'm',
      instructions: 'Be brief.',
      previous_response_id: 'resp_ilg_x',
      store: true,
      input: [
        { type: 'item_reference', id: 'msg_ref' },
        {
          type: 'message',
          role: 'assistant',
          id: 'msg_kept',
          status: 'completed',
          content: [{ type: 'output_text', text: 'kept', annotations: [] }],
        },
        { type: 'compaction', encrypted_content: 'gAAAA-openai', id: 'cmp_1' },
        { role: 'user', content: 'now' },
      ],
    });
    const { ir: moved, inputStart } = insertHistory(ir, history);
    expect(inputStart).toBe(3);
    expect(moved.messages.slice(1, 3)).toEqual(history);
    const wire = irToOpenAiResponsesRequest(moved).value as Record<string, unknown>;
    expect(wire.instructions).toBe('Be brief.');
    expect(wire.previous_response_id).toBeUndefined();
    expect(wire.store).toBe(true);
    expect(wire.input).toEqual([
      { role: 'user', content: 'earlier question' },
      { role: 'assistant', content: 'earlier answer' },
      { type: 'item_reference', id: 'msg_ref' },
      {
        type: 'message',
        role: 'assistant',
        id: 'msg_kept',
        status: 'completed',
        content: [{ type: 'output_text', text: 'kept', annotations: [] }],
      },
      { type: 'compaction', encrypted_content: 'gAAAA-openai', id: 'cmp_1' },
      { role: 'user', content: 'now' },
    ]);
  });
});

describe('prepareConversation', () => {
  it('reports OpenAI-minted state', async () => {
    expect(openAiStateReasons({ previous_response_id: 'resp_openai', conversation: 'conv_1' })).toEqual([
      "previous_response_id 'resp_openai' was not issued by this gateway",
      'conversation names an OpenAI conversation',
    ]);
    const prepared = await prepareConversation(
      { model: 'm', input: [{ type: 'compaction', encrypted_content: 'gAAAA' }] },
      openAiResponsesRequestToIr,
      context(),
    );
    expect(prepared.openAiOnly).toEqual([expect.stringContaining('sealed by OpenAI')]);
    expect(prepared.rewritten).toBe(false);
  });

  it('opens gateway compaction items into a system note', async () => {
    const sealed = sealCompaction({ summary: 'SUMMARY', model: 'm', created: 1 }, { secret: SECRET, keyId: 'k' });
    const prepared = await prepareConversation(
      {
        model: 'm',
        input: [
          { role: 'user', content: 'kept' },
          { type: 'compaction', encrypted_content: sealed },
          { role: 'user', content: 'next' },
        ],
      },
      openAiResponsesRequestToIr,
      context(),
    );
    expect(prepared.rewritten).toBe(true);
    expect(prepared.ir.messages[1]).toEqual({
      role: 'system',
      content: [{ type: 'text', text: `${COMPACTION_NOTE_PREFIX}SUMMARY` }],
    });
    expect(JSON.stringify(irToOpenAiResponsesRequest(prepared.ir).value)).not.toContain('ilg1.');
  });

  it('opens an item sealed with a previous secret of the keyring, and refuses one whose secret was removed', async () => {
    const previous = 'conversation-previous-secret';
    const input = (sealedWith: string) => ({
      model: 'm',
      input: [
        {
          type: 'compaction',
          encrypted_content: sealCompaction(
            { summary: 'OLD', model: 'm', created: 1 },
            { secret: sealedWith, keyId: 'k' },
          ),
        },
      ],
    });
    const rotated = { ...context(), previousSecrets: [previous] };
    const opened = await prepareConversation(input(previous), openAiResponsesRequestToIr, rotated);
    expect(opened.ir.messages[0]?.content).toEqual([{ type: 'text', text: `${COMPACTION_NOTE_PREFIX}OLD` }]);
    await expect(prepareConversation(input(previous), openAiResponsesRequestToIr, context())).rejects.toThrow(
      /sealed with a secret this gateway no longer holds/,
    );
  });

  it('expands a stored conversation and refuses an unknown gateway id with previous_response_not_found (400)', async () => {
    const store = new ResponseStore(new MemoryStore(), { ttlSeconds: 60, maxEntries: 10, maxEntryBytes: 100_000 });
    const id = newGatewayResponseId();
    await store.save({
      id,
      key: 'k',
      created: 1,
      inputItems: [],
      inputMessages: [history[0] as IrMessage],
      output: [{ type: 'text', text: 'earlier answer' }],
      response: {},
    });
    const prepared = await prepareConversation(
      { model: 'm', input: 'now', previous_response_id: id },
      openAiResponsesRequestToIr,
      context(store),
    );
    expect(prepared.ir.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(prepared.inputStart).toBe(2);
    expect(prepared.previous?.map((entry) => entry.id)).toEqual([id]);
    await expect(
      prepareConversation(
        { model: 'm', input: 'x', previous_response_id: newGatewayResponseId() },
        openAiResponsesRequestToIr,
        context(store),
      ),
    ).rejects.toMatchObject({
      data: { kind: 'invalid-request', code: 'previous_response_not_found', param: 'previous_response_id' },
    });
  });
});
