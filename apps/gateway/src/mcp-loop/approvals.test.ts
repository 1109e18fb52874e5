import { describe, expect, it } from 'vitest';
import { needsApproval } from './approvals.js';

describe('needsApproval', () => {
  it('asks when requireApproval is absent or always, never when it is never', () => {
    expect(needsApproval({ requireApproval: undefined }, 'add')).toBe(true);
    expect(needsApproval({ requireApproval: 'always' }, 'add')).toBe(true);
    expect(needsApproval({ requireApproval: 'never' }, 'add')).toBe(false);
  });

  it('asks per tool: listed under never goes ahead, any other tool waits', () => {
    const rule = { never: ['add'], always: ['drop'] };
    expect(needsApproval({ requireApproval: rule }, 'add')).toBe(false);
    expect(needsApproval({ requireApproval: rule }, 'drop')).toBe(true);
    expect(needsApproval({ requireApproval: { never: ['add'] } }, 'other')).toBe(true);
  });
});
