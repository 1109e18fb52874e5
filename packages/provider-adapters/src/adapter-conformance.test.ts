import type { IrRequest } from '@interlingua/ir';
import { IrError } from '@interlingua/ir';
import { listRecordings, sendJson } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { CONFORMANCE_ERROR_CASES, useConformanceUpstream } from './conformance-upstream.test-support.js';
import { codecFor, requestSigner, wireId } from './codecs.js';
import type { HttpProviderAdapter } from './provider-adapter.js';
import { BUILT_IN_ADAPTERS } from './registry.js';
import { createBoundedCollector, fetchUpstream, streamUpstream } from './transport/upstream-transport.js';

/**
 * The conformance suite every registered HTTP adapter passes, against a loopback upstream:
 * URL and auth, its hooks (model id, IR and body patches, chunk patches, error mapping) run as
 * the gateway runs them, a recorded answer of its wire decoded, error statuses mapped to IR
 * kinds, and an abort before the first byte cancelling the upstream request.
 */
const httpAdapters = BUILT_IN_ADAPTERS.filter((adapter): adapter is HttpProviderAdapter => adapter.kind === 'http');

const request: IrRequest = {
  model: 'conformance-model',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }],
  sampling: {},
  maxOutputTokens: 64,
  stream: false,
};

const loopback = useConformanceUpstream();

/** Adapters with a generation API; service-only ones (`generates: false`) are checked in service-conformance.test.ts. */
const generationAdapters = httpAdapters.filter((adapter) => adapter.generates !== false);

describe.each(generationAdapters.map((adapter) => [adapter.type, adapter] as const))(
  'provider adapter %s',
  (_type, adapter) => {
    const wire = (): ReturnType<HttpProviderAdapter['wire']> =>
      adapter.wire(loopback.settingsFor(adapter), 'conformance-model');
    /** The upstream call as the gateway builds it, through every hook the provider has. */
    const encode = (stream: boolean, ir: IrRequest = request) => {
      const settings = loopback.settingsFor(adapter);
      const model = adapter.hooks?.mapModelId?.('conformance-model', settings) ?? 'conformance-model';
      const patchedIr = adapter.hooks?.patchIr
        ? adapter.hooks.patchIr({ ...ir, model, stream })
        : { ...ir, model, stream };
      const encoded = codecFor(wire()).request.fromIr(patchedIr);
      const body = encoded.value as Record<string, unknown>;
      const hookWarnings = adapter.hooks?.patchRequest?.(body, { settings, model, stream }) ?? [];
      return { settings, model, body, warnings: [...encoded.warnings, ...hookWarnings] };
    };
    const call = (stream = false) => {
      const { settings, model, body } = encode(stream);
      const endpoint = adapter.generation({ settings, model, stream });
      return {
        url: endpoint.url,
        headers: endpoint.headers,
        body: JSON.stringify(body),
        ...requestSigner(adapter, settings),
      };
    };
    /** A parsed answer as the gateway decodes it. */
    const decodeAnswer = (text: string) => codecFor(wire()).response.toIr(JSON.parse(text) as Record<string, unknown>);

    it('runs its hooks on a rich request, which still encodes, and reports warnings in the IR warning shape', () => {
      const rich: IrRequest = {
        ...request,
        messages: [
          { role: 'system', content: [{ type: 'text', text: 'Be brief.' }] },
          { role: 'user', content: [{ type: 'text', text: 'Hello' }] },
        ],
        sampling: { temperature: 0.2, seed: 7 },
        tools: [
          {
            name: 'lookup',
            description: 'Look a word up',
            parameters: { type: 'object', properties: { word: { type: 'string' } } },
          },
        ],
      };
      for (const stream of [false, true]) {
        const { body, warnings } = encode(stream, rich);
        expect(JSON.parse(JSON.stringify(body))).toEqual(body);
        for (const warning of warnings)
          expect(warning).toEqual({
            kind: expect.stringMatching(/^(dropped|approximated)$/),
            field: expect.any(String),
            message: expect.any(String),
          });
      }
    });

    it('sends the request to its own URL with the key in a header', async () => {
      const recording = listRecordings(wireId(wire()), (row) => !row.streaming && row.http_status === 200)[0];
      expect(recording, `a recorded ${wireId(wire())} answer`).toBeDefined();
      loopback.reply((_req, res) => sendJson(res, 200, recording!.body));
      const answer = await fetchUpstream(call(), 1 << 20);
      const received = loopback.upstream.requests.at(-1)!;
      expect(received.method).toBe('POST');
      expect(received.url.startsWith(new URL(loopback.settingsFor(adapter).baseUrl).pathname)).toBe(true);
      expect(Object.values(received.headers).some((value) => String(value).includes('conformance-key'))).toBe(true);
      const decoded = decodeAnswer(answer.body.toString('utf8'));
      expect(decoded.value.choices.length).toBeGreaterThan(0);
    });

    it.each(CONFORMANCE_ERROR_CASES)('maps an upstream %s error (%i) to its IR kind', async (kind, status) => {
      const codec = codecFor(wire());
      const { body } = codec.error.fromIr({ kind, message: `simulated ${kind}`, status });
      loopback.reply((_req, res) => sendJson(res, status, body));
      const answer = await fetchUpstream(call(), 1 << 20);
      expect(answer.status).toBe(status);
      const payload: unknown = JSON.parse(answer.body.toString('utf8'));
      const mapped = adapter.hooks?.mapError?.(answer.status, payload) ?? codec.error.toIr(answer.status, payload);
      expect(mapped.kind).toBe(kind);
    });

    it('cancels the upstream request when aborted before the first byte', async () => {
      loopback.reply(() => undefined);
      const aborted = loopback.upstream.nextAbort();
      const controller = new AbortController();
      const pending = streamUpstream(
        { ...call(true), signal: controller.signal },
        () => createBoundedCollector(1024).writable,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      controller.abort();
      await expect(pending).rejects.toBeInstanceOf(IrError);
      await aborted;
    });

    it('reports a silent upstream as a timeout', async () => {
      loopback.reply(() => undefined);
      const error = await streamUpstream(
        { ...call(true), timeouts: { firstByteMs: 100 } },
        () => createBoundedCollector(1024).writable,
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(IrError);
      expect((error as IrError).data.kind).toBe('timeout');
    });
  },
);
