import { IrError } from '@interlingua/ir';
import { sendJson, startLoopbackUpstream } from '@interlingua/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDefaultDispatcher, fetchUpstream } from './upstream-transport.js';

afterAll(() => closeDefaultDispatcher());

describe('upstream transport', () => {
  it('maps a refused connection to upstream-unavailable', async () => {
    const upstream = await startLoopbackUpstream(() => undefined);
    const url = upstream.url;
    await upstream.close();
    const error = await fetchUpstream({ url: `${url}/v1/x`, headers: {}, body: '{}' }, 1024).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IrError);
    expect((error as IrError).data).toMatchObject({ kind: 'upstream-unavailable', source: 'upstream' });
  });

  it('refuses bodies over the limit', async () => {
    const upstream = await startLoopbackUpstream((_req, res) => sendJson(res, 200, { data: 'x'.repeat(5000) }));
    const error = await fetchUpstream({ url: `${upstream.url}/big`, headers: {}, body: '{}' }, 1000).catch(
      (e: unknown) => e,
    );
    expect((error as IrError).data.kind).toBe('upstream-error');
    await upstream.close();
  });

  it('reads a whole answer with its status and headers', async () => {
    const upstream = await startLoopbackUpstream((_req, res) => sendJson(res, 201, { ok: true }, { 'x-extra': 'yes' }));
    const answer = await fetchUpstream({ url: `${upstream.url}/ok`, headers: {}, body: '{}' }, 1000);
    expect(answer.status).toBe(201);
    expect(answer.headers['x-extra']).toBe('yes');
    expect(JSON.parse(answer.body.toString())).toEqual({ ok: true });
    await upstream.close();
  });
});
