import { bench, describe } from 'vitest';
import { chatAgentBody } from '../../../bench/src/agent-conversation.mjs';
import { spliceFastPathBody, topLevelLayout } from '../call/raw-body-splice.js';
import { UsageObjectScan } from '../call/sse-event-boundaries.js';
import { lastUsageObject } from '../accounting/service-usage.js';
import { streamedTextChars } from '../accounting/streamed-text.js';
import { peekModel } from './request-body.js';
import { scanJsonObject } from '../http/json-body-scan.js';
import { judgedMemberTwice } from '../http/json-judged-members.js';
import { OPENAI_CHAT } from '../http/request-styles.js';
import { parseJsonObjectInPieces } from '../http/json-object-pieces.js';

/**
 * What the byte scanners cost on the hot path, over the bench's agent turns (a chat body of
 * 64 KB and 256 KB, mostly ASCII with a few non-ASCII characters) and a streamed answer's bytes.
 * Run with `pnpm vitest bench apps/gateway/src/route/json-scanners.bench.ts`.
 */
const body64k: Buffer = chatAgentBody('gpt-4.1-mini', 64 * 1024);
const body256k: Buffer = chatAgentBody('gpt-4.1-mini', 256 * 1024);
const body4k: Buffer = chatAgentBody('gpt-4.1-mini', 4 * 1024);
/** The model last, so that `peekModel` walks the body. */
const modelLast = (body: Buffer): Buffer => {
  const { model, ...rest } = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  return Buffer.from(JSON.stringify({ ...rest, model }));
};
const modelLast64k = modelLast(body64k);
const event = (text: string): string => `data: ${JSON.stringify({ choices: [{ delta: { content: text } }] })}\n\n`;
const stream = Buffer.from(
  Array.from({ length: 400 }, (_, at) => event(`Token ${at} — “quoted” \\ text `)).join('') +
    `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 812, completion_tokens: 400 } })}\n\n`,
);

describe('json byte scanners, 64 KB agent turn', () => {
  bench('scanJsonObject', () => void scanJsonObject(body64k));
  bench('topLevelLayout', () => void topLevelLayout(body64k));
  bench('spliceFastPathBody (model replaced)', () => void spliceFastPathBody(body64k, 'gpt-4.1-mini', 'gpt-4.1', true));
  bench('peekModel (model last)', () => void peekModel(modelLast64k));
  bench('parseJsonObjectInPieces', () => void parseJsonObjectInPieces(body64k, 256, 4 * 1024));
  bench('judgedMemberTwice', () => void judgedMemberTwice(body64k));
});

describe('json byte scanners, 4 KB agent turn (parsed whole)', () => {
  bench('JSON.parse', () => void JSON.parse(body4k.toString('utf8')));
  bench('judgedMemberTwice', () => void judgedMemberTwice(body4k));
});

describe('json byte scanners, 256 KB agent turn', () => {
  bench('scanJsonObject', () => void scanJsonObject(body256k));
  bench('parseJsonObjectInPieces', () => void parseJsonObjectInPieces(body256k));
});

describe('answer readers, 400-event chat stream', () => {
  const scan = new UsageObjectScan();
  bench('UsageObjectScan over every event', () => {
    scan.reset(stream);
    for (
      let start = 0, end = stream.indexOf('\n\n', 0);
      end !== -1;
      start = end + 2, end = stream.indexOf('\n\n', start)
    )
      scan.holds(start, end + 2);
  });
  bench('lastUsageObject', () => void lastUsageObject(stream));
  bench('streamedTextChars', () => void streamedTextChars(stream, OPENAI_CHAT));
});
