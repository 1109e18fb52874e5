import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readClientMessage } from './client-message.js';

const LIMIT = 1024;

describe('readClientMessage', () => {
  it('turns response.create into a streamed POST /v1/responses body without the transport fields', () => {
    const message = readClientMessage(
      JSON.stringify({
        type: 'response.create',
        model: 'm',
        input: 'hi',
        stream: false,
        client_metadata: { a: 'b' },
        store: false,
      }),
      false,
      LIMIT,
    );
    expect(message).toEqual({
      kind: 'create',
      body: { model: 'm', input: 'hi', store: false, stream: true },
      warmup: false,
    });
  });

  it('marks generate: false as a warm-up', () => {
    expect(
      readClientMessage(JSON.stringify({ type: 'response.create', model: 'm', generate: false }), false, LIMIT),
    ).toMatchObject({ kind: 'create', warmup: true });
  });

  it('ignores the response.processed acknowledgement', () => {
    expect(
      readClientMessage(JSON.stringify({ type: 'response.processed', response_id: 'resp_1' }), false, LIMIT),
    ).toEqual({ kind: 'ignored' });
  });

  it.each([
    ['binary frames', Buffer.from('{}'), true, 'unsupported_frame', 400],
    [
      'a message over the limit',
      JSON.stringify({ type: 'response.create', input: 'x'.repeat(LIMIT) }),
      false,
      'message_too_large',
      413,
    ],
    ['text that is not JSON', '{', false, 'invalid_json', 400],
    ['JSON that is not an object', '"response.create"', false, 'invalid_event', 400],
    ['an unknown type', JSON.stringify({ type: 'conversation.item.create' }), false, 'unknown_event_type', 400],
    [
      'background: true',
      JSON.stringify({ type: 'response.create', background: true }),
      false,
      'unsupported_parameter',
      400,
    ],
    [
      'a generate that is not a boolean',
      JSON.stringify({ type: 'response.create', generate: 'no' }),
      false,
      'invalid_type',
      400,
    ],
  ] as const)('names the problem with %s', (_name, data, binary, code, status) => {
    expect(readClientMessage(data, binary, LIMIT)).toMatchObject({
      kind: 'problem',
      problem: { code, status, type: 'invalid_request_error' },
    });
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.boolean(), (text, binary) => {
        expect(['create', 'ignored', 'problem']).toContain(readClientMessage(text, binary, LIMIT).kind);
      }),
      { numRuns: 200 },
    );
  });
});
