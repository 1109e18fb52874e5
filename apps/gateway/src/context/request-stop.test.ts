import { IrError } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { RequestStop } from './request-stop.js';

describe('RequestStop', () => {
  it('aborts once, with the given reason, calling function and object listeners once in order', () => {
    const stop = new RequestStop();
    const calls: string[] = [];
    const object = { handleEvent: () => calls.push('object') };
    stop.addEventListener('abort', () => calls.push('function'));
    stop.addEventListener('abort', object);
    const reason = new Error('stopped');
    stop.abort(reason);
    stop.abort(new Error('again'));
    expect(stop.aborted).toBe(true);
    expect(stop.reason).toBe(reason);
    expect(calls).toEqual(['function', 'object']);
  });

  it('gives the AbortError an AbortController gives when aborted without a reason', () => {
    const stop = new RequestStop();
    const controller = new AbortController();
    stop.abort();
    controller.abort();
    expect(stop.reason).toBeInstanceOf(DOMException);
    expect((stop.reason as DOMException).name).toBe((controller.signal.reason as DOMException).name);
    expect((stop.reason as DOMException).message).toBe((controller.signal.reason as DOMException).message);
  });

  it('forgets a removed listener, and calls none added after the abort', () => {
    const stop = new RequestStop();
    const calls: string[] = [];
    const removed = { handleEvent: () => calls.push('removed') };
    stop.addEventListener('abort', removed);
    stop.removeEventListener('abort', removed);
    stop.abort('why');
    stop.addEventListener('abort', () => calls.push('late'));
    expect(calls).toEqual([]);
  });

  it('gives a real AbortSignal that follows it, made before or after the abort', () => {
    const before = new RequestStop();
    const signal = before.asAbortSignal();
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(before.asAbortSignal()).toBe(signal);
    expect(signal.aborted).toBe(false);
    before.abort('client left');
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe('client left');

    const after = new RequestStop();
    after.abort('timeout');
    expect(after.asAbortSignal().aborted).toBe(true);
    expect(after.asAbortSignal().reason).toBe('timeout');
  });

  it('tells the gateway stopping the request (its reason) from the caller leaving', () => {
    const running = new RequestStop();
    expect([running.stopReason(), running.callerLeft()]).toEqual([undefined, false]);
    const stopped = new RequestStop();
    const reason = new IrError({ kind: 'timeout', message: 'too long', source: 'gateway' });
    stopped.abort(reason);
    expect([stopped.stopReason(), stopped.callerLeft()]).toEqual([reason, false]);
    const left = new RequestStop();
    left.abort();
    expect([left.stopReason(), left.callerLeft()]).toEqual([undefined, true]);
  });

  it('answers why it stopped in one question: running, the gateway (its reason) or the caller leaving', () => {
    const running = new RequestStop();
    expect(running.stopped()).toBeUndefined();
    const stopped = new RequestStop();
    const reason = new IrError({ kind: 'timeout', message: 'too long', source: 'gateway' });
    stopped.abort(reason);
    expect(stopped.stopped()).toBe(reason);
    const left = new RequestStop();
    left.abort('gone');
    expect(left.stopped()).toBe('caller-left');
  });
});
