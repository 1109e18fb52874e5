import { openAiResponsesRequestToIr } from '@interlingua/openai-responses';
import { describe, expect, it } from 'vitest';
import { refuseToolOutputsWithoutCalls } from './tool-output-calls.js';

const call = { type: 'function_call', call_id: 'call_1', name: 'f', arguments: '{}' };
const output = (callId: string) => ({ type: 'function_call_output', call_id: callId, output: 'done' });
const check = (input: unknown[]) => () =>
  refuseToolOutputsWithoutCalls(openAiResponsesRequestToIr({ model: 'm', input }).value);

describe('refuseToolOutputsWithoutCalls', () => {
  it('accepts outputs that answer an earlier call', () => {
    expect(check([{ role: 'user', content: 'hi' }, call, output('call_1')])).not.toThrow();
  });

  it('refuses an output whose call is not in the conversation, naming the call id and the input', () => {
    expect(check([{ role: 'user', content: 'hi' }, output('call_missing')])).toThrow(
      expect.objectContaining({
        data: expect.objectContaining({
          kind: 'invalid-request',
          param: 'input',
          message: expect.stringContaining('call_missing'),
        }),
      }),
    );
  });

  it('refuses an output that comes before its call', () => {
    expect(check([output('call_1'), call])).toThrow(/call_1/);
  });

  it('leaves a conversation with an item reference alone (the call may be in it)', () => {
    expect(check([{ type: 'item_reference', id: 'fc_1' }, output('call_1')])).not.toThrow();
  });
});
