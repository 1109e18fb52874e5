import { mockAdapter, openAiAdapter, type ProviderSettings } from '@interlingua/provider-adapters';
import { MAX_MODEL_NAME_LENGTH } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { ModelRouter, orderTargets, type ProviderEntry } from './model-router.js';

function settings(id: string, type: string): ProviderSettings {
  return { id, type, baseUrl: 'http://127.0.0.1:1', headers: {}, forwardHeaders: [], api: 'chat', options: {} };
}

const providers = new Map<string, ProviderEntry>([
  ['openai', { adapter: openAiAdapter, settings: settings('openai', 'openai') }],
  ['backup', { adapter: openAiAdapter, settings: settings('backup', 'openai') }],
  ['mock', { adapter: mockAdapter, settings: settings('mock', 'mock') }],
]);

const target = (provider: string, extra: object = {}) => ({ provider, weight: 1, priority: 0, ...extra });

describe('ModelRouter', () => {
  const router = new ModelRouter(
    [
      { name: 'openai/*', targets: [target('openai')] },
      {
        name: 'fast',
        targets: [target('backup', { model: 'gpt-small', priority: 1 }), target('openai', { model: 'gpt-4.1' })],
      },
      { name: 'openai/special', targets: [target('mock')] },
    ],
    providers,
  );

  it('sends a prefix route to the provider with the rest of the name', () => {
    expect(router.resolve('openai/gpt-4.1')?.targets.map((t) => [t.settings.id, t.upstreamModel])).toEqual([
      ['openai', 'gpt-4.1'],
    ]);
  });

  it('prefers exact names over globs', () => {
    expect(router.resolve('openai/special')?.targets[0]?.settings.id).toBe('mock');
  });

  it('orders targets by priority, lower first', () => {
    expect(router.resolve('fast')?.targets.map((t) => t.upstreamModel)).toEqual(['gpt-4.1', 'gpt-small']);
  });

  it('answers undefined for unknown names', () => {
    expect(router.resolve('nope')).toBeUndefined();
  });
});

describe('orderTargets', () => {
  it('draws in proportion to weight', () => {
    const targets = [
      { id: 'a', weight: 3, priority: 0 },
      { id: 'b', weight: 1, priority: 0 },
    ];
    let seed = 1;
    const random = (): number => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const firsts = Array.from({ length: 4000 }, () => orderTargets(targets, random)[0]?.id);
    const share = firsts.filter((id) => id === 'a').length / firsts.length;
    expect(share).toBeGreaterThan(0.7);
    expect(share).toBeLessThan(0.8);
  });
});

describe('ModelRouter resolution once per model name', () => {
  it('works out a model name once: the provider hook naming the upstream model runs on the first request only', () => {
    let mapped = 0;
    const counting = {
      ...openAiAdapter,
      hooks: { ...openAiAdapter.hooks, mapModelId: (model: string) => (mapped++, `deployment-${model}`) },
    };
    const router = new ModelRouter(
      [{ name: 'azure/*', targets: [target('azure')] }],
      new Map([['azure', { adapter: counting, settings: settings('azure', 'openai') }]]),
    );
    const first = router.resolve('azure/gpt-4.1');
    const second = router.resolve('azure/gpt-4.1');
    expect(second?.targets.map((t) => t.upstreamModel)).toEqual(['deployment-gpt-4.1']);
    expect(mapped).toBe(1);
    expect(second?.targets).not.toBe(first?.targets);
    router.resolve('azure/gpt-5');
    expect(mapped).toBe(2);
  });

  it('still draws the weighted order for every request of a known model', () => {
    // Two draws per request (one per pick): the first request draws the lighter end, the second the heavier.
    const draws = [0.1, 0.5, 0.9, 0.5];
    let call = 0;
    const router = new ModelRouter(
      [{ name: 'split', targets: [target('openai'), target('backup')] }],
      providers,
      () => draws[call++ % draws.length] ?? 0,
    );
    const orders = Array.from({ length: 2 }, () =>
      router
        .resolve('split')
        ?.targets.map((t) => t.settings.id)
        .join(','),
    );
    expect(orders).toEqual(['openai,backup', 'backup,openai']);
  });

  it('keeps nothing for names that match no route', () => {
    const router = new ModelRouter([{ name: 'known', targets: [target('openai')] }], providers);
    for (let i = 0; i < 12_000; i++) expect(router.resolve(`unknown-${i}`)).toBeUndefined();
    expect(router.kept().names).toBe(0);
    expect(router.resolve('known')?.targets[0]?.settings.id).toBe('openai');
    expect(router.kept().names).toBe(1);
  });

  it('matches no route, and keeps nothing, for a name longer than a model name may be', () => {
    const router = new ModelRouter([{ name: 'openai/*', targets: [target('openai')] }], providers);
    expect(router.resolve(`openai/${'x'.repeat(MAX_MODEL_NAME_LENGTH)}`)).toBeUndefined();
    expect(router.resolve(`openai/${'x'.repeat(MAX_MODEL_NAME_LENGTH - 7)}`)?.targets[0]?.upstreamModel).toHaveLength(
      MAX_MODEL_NAME_LENGTH - 7,
    );
    expect(router.kept().names).toBe(1);
  });

  it('bounds the names a glob route keeps in bytes as well as in entries', () => {
    const bytes = 64 * 1024;
    const router = new ModelRouter([{ name: 'openai/*', targets: [target('openai')] }], providers, Math.random, {
      entries: 10_000,
      bytes,
    });
    for (let i = 0; i < 2_000; i++) expect(router.resolve(`openai/${String(i).padStart(240, 'x')}`)).toBeDefined();
    expect(router.kept().bytes).toBeLessThanOrEqual(bytes);
    expect(router.kept().names).toBeLessThan(100);
  });
});
