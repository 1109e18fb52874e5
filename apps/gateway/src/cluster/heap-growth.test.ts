import { describe, expect, it } from 'vitest';
import { applyHeapGrowth, DEFAULT_HEAP_GROWTH_PERCENT, HEAP_GROWTH_ENV, heapGrowthPercent } from './heap-growth.js';

describe('the heap growth setting', () => {
  it('is the default without flag or variable', () => {
    expect(heapGrowthPercent(undefined, {})).toBe(DEFAULT_HEAP_GROWTH_PERCENT);
    expect(heapGrowthPercent(undefined, { [HEAP_GROWTH_ENV]: '' })).toBe(DEFAULT_HEAP_GROWTH_PERCENT);
  });

  it('reads the variable, and the flag over it', () => {
    expect(heapGrowthPercent(undefined, { [HEAP_GROWTH_ENV]: '80' })).toBe(80);
    expect(heapGrowthPercent('30', { [HEAP_GROWTH_ENV]: '80' })).toBe(30);
  });

  it("takes 0 and 'off' as V8's own growth", () => {
    expect(heapGrowthPercent('off', {})).toBe(0);
    expect(heapGrowthPercent(undefined, { [HEAP_GROWTH_ENV]: '0' })).toBe(0);
  });

  it.each(['-5', '1.5', '50%', 'lots', '1001'])("refuses '%s', naming where it came from", (text) => {
    expect(heapGrowthPercent(text, {})).toBe(
      `--heap-growth-percent takes a whole number of percent from 0 to 1000 or 'off', not '${text}'`,
    );
    expect(heapGrowthPercent(undefined, { [HEAP_GROWTH_ENV]: text })).toMatch(new RegExp(`^${HEAP_GROWTH_ENV} takes`));
  });
});

describe('applying it', () => {
  const target = (execArgv: string[] = [], nodeOptions?: string) => {
    const set: string[] = [];
    return { set, target: { execArgv, nodeOptions, setFlags: (flags: string) => void set.push(flags) } };
  };

  it('sets the V8 flag', () => {
    const { set, target: into } = target(['--enable-source-maps'], '--max-semi-space-size=4');
    expect(applyHeapGrowth(50, into)).toBe('--heap-growing-percent=50');
    expect(set).toEqual(['--heap-growing-percent=50']);
  });

  it("starts on V8's own growth when the runtime refuses flags after start", () => {
    const refusing = {
      execArgv: [],
      nodeOptions: undefined,
      setFlags: () => {
        throw new Error('flags are frozen');
      },
    };
    expect(applyHeapGrowth(50, refusing)).toBeUndefined();
  });

  it('sets nothing for 0', () => {
    const { set, target: into } = target();
    expect(applyHeapGrowth(0, into)).toBeUndefined();
    expect(set).toEqual([]);
  });

  it.each([
    ['a Node option', ['--heap-growing-percent=20'], undefined],
    ['NODE_OPTIONS', [], '--max-semi-space-size=4 --heap-growing-percent=20'],
    ['NODE_OPTIONS in V8 spelling', [], '--heap_growing_percent=20'],
  ])('leaves the growth given as %s alone', (_where, execArgv, nodeOptions) => {
    const { set, target: into } = target(execArgv, nodeOptions);
    expect(applyHeapGrowth(50, into)).toBeUndefined();
    expect(set).toEqual([]);
  });
});
