import { IrError, unsupported } from '@interlingua/ir';
import { geminiAdapter, mockAdapter, openAiAdapter, type ProviderAdapter } from '@interlingua/provider-adapters';
import { describe, expect, it } from 'vitest';
import type { ResponseSink } from '../http/response-sink.js';
import type { RouteTarget } from '../plan/model-router.js';
import { runServiceCall, type ServiceCall, type ServiceTarget } from './service-call.js';
import { RequestStop } from '../context/request-stop.js';
import { CallOutcome } from '../context/call-outcome.js';

function target(id: string, adapter: ProviderAdapter): RouteTarget {
  return {
    adapter,
    settings: {
      id,
      type: adapter.type,
      baseUrl: 'http://127.0.0.1:1',
      headers: {},
      forwardHeaders: [],
      api: 'chat',
      options: {},
    },
    upstreamModel: `${id}-model`,
    weight: 1,
    priority: 0,
  };
}

function call(targets: RouteTarget[], service: ServiceCall['service'] = 'images.generations'): ServiceCall {
  return {
    service,
    model: 'm',
    route: { routeName: 'm', targets },
    requestId: 'req_1',
    headers: {},
    signal: new RequestStop(),
    sink: { committed: false } as ResponseSink,
    destroy: () => undefined,
    maxUpstreamBodyBytes: 1024,
    outcome: new CallOutcome(),
  };
}

const upstreamError = (kind: 'overloaded' | 'invalid-request', status: number) =>
  new IrError({ kind, status, message: `upstream ${status}`, source: 'upstream' });

describe('runServiceCall', () => {
  it('skips targets whose provider does not serve the service; with none left, a 400 naming the providers', async () => {
    const served: string[] = [];
    const serve = async ({ target: t }: ServiceTarget) => void served.push(t.settings.id);
    await runServiceCall(call([target('mock', mockAdapter), target('gem', geminiAdapter)]), serve);
    expect(served).toEqual(['gem']);
    const error = await runServiceCall(
      call([target('mock', mockAdapter), target('gem', geminiAdapter)], 'images.variations'),
      serve,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IrError);
    expect((error as IrError).status).toBe(400);
    expect((error as IrError).message).toBe(
      'POST /v1/images/variations is not supported by provider "mock" (mock), "gem" (gemini): model "m" cannot serve it',
    );
  });

  it('hands over to the next target after a refusal or an upstream failure worth it', async () => {
    const running = call([target('gem', geminiAdapter), target('oai', openAiAdapter), target('oai2', openAiAdapter)]);
    await runServiceCall(running, async ({ target: t }) => {
      if (t.settings.id === 'gem') throw unsupported('response_format: url is not supported by gemini');
      if (t.settings.id === 'oai') throw upstreamError('overloaded', 503);
    });
    expect(running.outcome).toMatchObject({
      attempts: 3,
      target: { settings: { id: 'oai2' } },
      lastError: { kind: 'overloaded' },
    });
  });

  it('stops at a failure about the request, and prefers a refusal over a failure when nothing answered', async () => {
    let tries = 0;
    const final = await runServiceCall(call([target('a', openAiAdapter), target('b', openAiAdapter)]), async () => {
      tries++;
      throw upstreamError('invalid-request', 400);
    }).catch((e: unknown) => e);
    expect([tries, (final as IrError).status]).toEqual([1, 400]);
    const refusal = await runServiceCall(
      call([target('gem', geminiAdapter), target('oai', openAiAdapter)]),
      async ({ target: t }) => {
        throw t.settings.id === 'gem'
          ? unsupported('n: gemini draws one image per request')
          : upstreamError('overloaded', 503);
      },
    ).catch((e: unknown) => e);
    expect((refusal as IrError).message).toBe('n: gemini draws one image per request');
  });

  it('never falls over once the answer has started', async () => {
    const running = call([target('a', openAiAdapter), target('b', openAiAdapter)]);
    const error = await runServiceCall(running, async () => {
      (running.sink as { committed: boolean }).committed = true;
      throw upstreamError('overloaded', 503);
    }).catch((e: unknown) => e);
    expect((error as IrError).status).toBe(503);
    expect(running.outcome.attempts).toBe(1);
  });
});
