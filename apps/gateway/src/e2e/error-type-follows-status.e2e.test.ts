import { ANTHROPIC_ERROR_TYPE_STATUS, isAnthropicErrorType } from '@interlingua/anthropic-messages';
import { GOOGLE_RPC_STATUS_TABLE, isGoogleRpcStatus } from '@interlingua/gemini';
import { ERROR_KIND_STATUS, type IrErrorKind } from '@interlingua/ir';
import { codecFor } from '@interlingua/provider-adapters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './gateway-harness.test-support.js';
import { INBOUND_MODES, type InboundStyle } from './inbound-callers.test-support.js';
import { askReplay, replayCases, startReplayGateway } from './recorded-replay.test-support.js';

const STYLES: InboundStyle[] = ['openai-chat', 'openai-responses', 'anthropic-messages', 'gemini'];
const KINDS = Object.keys(ERROR_KIND_STATUS) as IrErrorKind[];
const STATUSES = [400, 401, 403, 404, 413, 422, 429, 500, 502, 503, 504, 529];

const anthropicStatuses = new Set<number>(Object.values(ANTHROPIC_ERROR_TYPE_STATUS));
const rpcStatuses = new Set<number>(Object.values(GOOGLE_RPC_STATUS_TABLE).map((row) => row.http));

/**
 * Why an error body's type disagrees with the HTTP status it came with, or undefined when it
 * agrees: a type a style pairs with one 4xx status only comes with that status; server-error
 * types come with any 5xx; the generic "invalid request" types cover the 4xx statuses no other
 * type claims.
 */
function disagreement(style: InboundStyle, status: number, body: unknown): string | undefined {
  const error = (body as { error: Record<string, unknown> }).error;
  if (style === 'anthropic-messages') {
    const type = error.type;
    if (!isAnthropicErrorType(type)) return `unknown type ${String(type)}`;
    const paired = ANTHROPIC_ERROR_TYPE_STATUS[type];
    const ok =
      paired === status ||
      (paired >= 500 && status >= 500) ||
      (type === 'invalid_request_error' && status < 500 && !anthropicStatuses.has(status));
    return ok ? undefined : `${status} with type ${type}`;
  }
  if (style === 'gemini') {
    const rpc = error.status;
    if (!isGoogleRpcStatus(rpc)) return `unknown status ${String(rpc)}`;
    const paired = GOOGLE_RPC_STATUS_TABLE[rpc].http;
    const ok =
      error.code === status &&
      (paired === status ||
        (paired >= 500 && status >= 500) ||
        (rpc === 'INVALID_ARGUMENT' && status < 500 && !rpcStatuses.has(status)));
    return ok ? undefined : `${status} with code ${String(error.code)} and status ${rpc}`;
  }
  const type = String(error.type);
  const serverType = type === 'server_error';
  const limitType =
    type === 'requests' || type === 'tokens' || type === 'insufficient_quota' || type === 'rate_limit_error';
  const ok = serverType
    ? status >= 500
    : limitType
      ? status === 429
      : status < 500 && (type === 'invalid_request_error' ? status !== 429 : true);
  return ok ? undefined : `${status} with type ${type}`;
}

let harness: Harness;

beforeAll(async () => {
  harness = await startReplayGateway();
});

afterAll(async () => {
  await harness.close();
});

describe('an error body names the kind of error its HTTP status says', () => {
  it('an upstream 400 model_not_found reaches every caller style as a 400 of the invalid-request type', async () => {
    const replay = replayCases().find(
      (candidate) => candidate.recording.file === 'openai-responses/15-error-400-model-not-found.json',
    );
    if (!replay) throw new Error('recording missing');
    const seen: Record<string, unknown> = {};
    for (const mode of INBOUND_MODES.filter((candidate) => candidate.framing === 'json')) {
      const answer = await askReplay(harness, mode, replay);
      const error = (answer.payloads[0] as { error: Record<string, unknown> }).error;
      seen[mode.style] = { status: answer.status, type: error.type, rpc: error.status };
    }
    expect(seen).toEqual({
      'openai-chat': { status: 400, type: 'invalid_request_error', rpc: undefined },
      'openai-responses': { status: 400, type: 'invalid_request_error', rpc: undefined },
      'anthropic-messages': { status: 400, type: 'invalid_request_error', rpc: undefined },
      gemini: { status: 400, type: undefined, rpc: 'INVALID_ARGUMENT' },
    });
  });

  it('every recorded upstream error, in every caller style', async () => {
    const problems: string[] = [];
    for (const mode of INBOUND_MODES.filter((candidate) => candidate.framing === 'json')) {
      for (const replay of replayCases().filter((candidate) => candidate.recording.http_status >= 400)) {
        const answer = await askReplay(harness, mode, replay);
        const problem = disagreement(mode.style, answer.status, answer.payloads[0]);
        if (problem) problems.push(`${mode.style} from ${replay.recording.file}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(STYLES)('%s: every error kind under every status', (style) => {
    const problems: string[] = [];
    for (const kind of KINDS) {
      for (const status of STATUSES) {
        const encoded = codecFor(style).error.fromIr({ kind, status, message: 'x', source: 'upstream' });
        const problem = disagreement(style, encoded.status, encoded.body);
        if (problem) problems.push(`${kind}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
