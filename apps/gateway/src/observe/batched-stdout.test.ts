import { describe, expect, it } from 'vitest';
import { LineBatcher } from './batched-stdout.js';

function recordingDestination(): {
  batches: string[];
  flushes: number;
  write(bytes: Buffer): void;
  flush(callback?: () => void): void;
} {
  return {
    batches: [],
    flushes: 0,
    write(bytes) {
      this.batches.push(bytes.toString('utf8'));
    },
    flush(callback) {
      this.flushes++;
      callback?.();
    },
  };
}

describe('LineBatcher', () => {
  it('holds lines until a batch is full, then hands them over as one buffer in order', () => {
    const destination = recordingDestination();
    const batcher = new LineBatcher(destination, 30);
    batcher.write('{"n":1}\n');
    batcher.write('{"n":2}\n');
    batcher.write('{"n":3}\n');
    expect(destination.batches).toEqual([]);
    batcher.write('{"n":4,"é":"ü"}\n');
    expect(destination.batches).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n{"n":4,"é":"ü"}\n']);
    batcher.write('{"n":5}\n');
    expect(destination.batches).toHaveLength(1);
  });

  it('hands over what is gathered on flush, then flushes the destination', () => {
    const destination = recordingDestination();
    const batcher = new LineBatcher(destination, 4_096);
    batcher.write('{"n":1}\n');
    let flushed = false;
    batcher.flush(() => {
      flushed = true;
    });
    expect(destination.batches).toEqual(['{"n":1}\n']);
    expect(flushed).toBe(true);
    batcher.flush();
    expect(destination.batches).toHaveLength(1);
    expect(destination.flushes).toBe(2);
  });
});
