import { describe, expect, it } from 'vitest';
import { codecFor } from '@interlingua/provider-adapters';
import { answerAsks, requestWay } from './request-way.js';
import { sealCarrier } from '../reasoning/reasoning-carrier.js';
import { jsonArrayFramer, sseFramer, type StreamFramer } from '../http/stream-framer.js';

const SEAL = { secret: 'a-secret-of-enough-length', keyId: 'team-a' };
const withCarrier = Buffer.from(
  JSON.stringify({
    messages: [
      {
        role: 'assistant',
        content: [{ type: 'thinking', thinking: 'Hm.', signature: sealCarrier({ origin: 'gemini' }, SEAL) }],
      },
    ],
  }),
);
const plain = Buffer.from('{"messages":[{"role":"user","content":"Hi"}]}');
const jsonLines = jsonArrayFramer();

const way = (rawBody: Buffer, more: { stream?: boolean; framer?: StreamFramer; forceTranslation?: boolean } = {}) =>
  requestWay({ rawBody, stream: more.stream ?? true, framer: more.framer ?? sseFramer(), ...more });

describe('requestWay', () => {
  it('relays a plain body framed as the upstream frames it', () => {
    expect(way(plain)).toEqual({ opensCarriers: false, relayable: true, callerMarksCache: false });
  });

  it('opens a body that may hold reasoning carriers: it is never relayed as sent', () => {
    expect(way(withCarrier)).toEqual({ opensCarriers: true, relayable: false, callerMarksCache: false });
  });

  it('translates a stream framed otherwise, or a request the route forces through the IR', () => {
    expect(way(plain, { framer: jsonLines }).relayable).toBe(false);
    expect(way(plain, { framer: jsonLines, stream: false }).relayable).toBe(true);
    expect(way(plain, { forceTranslation: true }).relayable).toBe(false);
  });

  it('notes cache breakpoints the caller placed itself', () => {
    expect(
      way(Buffer.from('{"system":[{"type":"text","text":"x","cache_control":{"type":"ephemeral"}}]}')),
    ).toMatchObject({ callerMarksCache: true, relayable: true });
  });
});

describe('requestWay scans', () => {
  /** A body that counts the scans run over it (`includes` scans through `indexOf`). */
  const countingBody = (): { body: Buffer; scans: () => number } => {
    let scans = 0;
    const body = Buffer.from('{"messages":[{"role":"user","content":"Hi"}]}');
    const { indexOf } = body;
    Object.assign(body, { indexOf: (...args: Parameters<Buffer['indexOf']>) => (scans++, indexOf.apply(body, args)) });
    return { body, scans: () => scans };
  };

  it('leave the body alone until a target of the caller style asks, then run once', () => {
    const { body, scans } = countingBody();
    const decided = way(body);
    expect(scans()).toBe(0);
    expect([decided.relayable, decided.callerMarksCache, decided.relayable, decided.callerMarksCache]).toEqual([
      true,
      false,
      true,
      false,
    ]);
    expect(scans()).toBe(2);
  });
});

describe('answerAsks', () => {
  const chat = { wire: 'openai-chat', codec: codecFor('openai-chat') } as const;
  const anthropic = { wire: 'anthropic-messages', codec: codecFor('anthropic-messages') } as const;
  const costAsked = (request: Parameters<typeof answerAsks>[0]): boolean => answerAsks(request).costInAnswer;

  it('asks the cost for a chat caller sending usage.include or the header', () => {
    expect(costAsked({ inbound: chat, json: { usage: { include: true } }, headers: {} })).toBe(true);
    expect(costAsked({ inbound: chat, json: {}, headers: { 'x-interlingua-include-cost': ' TRUE ' } })).toBe(true);
  });

  it('does not otherwise: no opt-in, another value, another style', () => {
    expect(costAsked({ inbound: chat, json: {}, headers: {} })).toBe(false);
    expect(costAsked({ inbound: chat, json: { usage: { include: 'yes' } }, headers: {} })).toBe(false);
    expect(costAsked({ inbound: chat, json: {}, headers: { 'x-interlingua-include-cost': 'false' } })).toBe(false);
    expect(
      costAsked({
        inbound: anthropic,
        json: { usage: { include: true } },
        headers: { 'x-interlingua-include-cost': 'true' },
      }),
    ).toBe(false);
  });

  it("notes the opt-in held in a chat body (never sent upstream) and usage asked at the stream's end", () => {
    expect(answerAsks({ inbound: chat, json: { usage: { include: true } }, headers: {} })).toEqual({
      usageInStream: false,
      costInAnswer: true,
      optInInBody: true,
    });
    expect(
      answerAsks({
        inbound: chat,
        json: { stream_options: { include_usage: true } },
        headers: { 'x-interlingua-include-cost': 'true' },
      }),
    ).toEqual({ usageInStream: true, costInAnswer: true, optInInBody: false });
    expect(answerAsks({ inbound: anthropic, json: { stream_options: 'yes' }, headers: {} }).usageInStream).toBe(false);
  });
});
