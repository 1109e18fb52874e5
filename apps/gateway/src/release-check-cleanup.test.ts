// The cleanup of the release checks (scripts/check-container.mjs: `podman kube down`, volumes,
// containers) runs whatever happened and never hides the failure that came before it.
import { describe, expect, it } from 'vitest';
import { withCleanup } from '../scripts/script-helpers.mjs';

describe('withCleanup', () => {
  it('reports the failure first and the failed cleanup after it, and still runs every cleanup', async () => {
    const ran: string[] = [];
    const original = new Error('podman kube play: finding pause binary: "catatonit" not found');
    const failure = await withCleanup(
      () => Promise.reject(original),
      () => {
        ran.push('kube down');
        throw new Error('podman kube down: no pod with name or ID interlingua-pod-0 found');
      },
      () => void ran.push('volume rm'),
    ).catch((error: unknown) => error as Error);
    expect(ran).toEqual(['kube down', 'volume rm']);
    expect(failure.message.split('\n')).toEqual([
      'podman kube play: finding pause binary: "catatonit" not found',
      'then, while cleaning up: podman kube down: no pod with name or ID interlingua-pod-0 found',
    ]);
    expect(failure.cause).toBe(original);
  });

  it('throws the one failure as it is, from the action or from a cleanup', async () => {
    const original = new Error('the check failed');
    await expect(
      withCleanup(
        () => Promise.reject(original),
        () => undefined,
      ),
    ).rejects.toBe(original);
    const cleanupFailure = new Error('volume rm failed');
    await expect(
      withCleanup(
        () => 'done',
        () => {
          throw cleanupFailure;
        },
      ),
    ).rejects.toBe(cleanupFailure);
  });

  it('gives the action’s result when nothing failed', async () => {
    await expect(
      withCleanup(
        async () => 42,
        () => undefined,
      ),
    ).resolves.toBe(42);
  });
});
