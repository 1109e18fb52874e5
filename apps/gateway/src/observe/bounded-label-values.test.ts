import { describe, expect, it } from 'vitest';
import { BoundedLabelValues, OTHER_LABEL_VALUE } from './bounded-label-values.js';

describe('BoundedLabelValues', () => {
  it('keeps known values and counts new ones past the number bound as other', () => {
    const labels = new BoundedLabelValues(2, 1_000);
    expect(labels.label('gpt-a')).toBe('gpt-a');
    expect(labels.label('gpt-b')).toBe('gpt-b');
    expect(labels.label('gpt-c')).toBe(OTHER_LABEL_VALUE);
    expect(labels.label('gpt-a')).toBe('gpt-a');
    expect(labels.kept()).toEqual({ values: 2, chars: 10 });
  });

  it('bounds the characters the kept values take', () => {
    const labels = new BoundedLabelValues(1_000, 600);
    const long = (i: number): string => String(i).padStart(256, 'm');
    expect([0, 1, 2].map((i) => labels.label(long(i)))).toEqual([long(0), long(1), OTHER_LABEL_VALUE]);
    expect(labels.kept().chars).toBeLessThanOrEqual(600);
  });
});
