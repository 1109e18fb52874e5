import { describe, expect, it } from 'vitest';
import { errorEventFromHttp, seeEvent } from './server-events.js';

describe('errorEventFromHttp', () => {
  it('carries the status, the OpenAI error object and retry-after', () => {
    const body = JSON.stringify({
      error: { message: 'Slow down', type: 'requests', param: null, code: 'rate_limit_exceeded' },
    });
    expect(JSON.parse(errorEventFromHttp(429, body, '7'))).toEqual({
      type: 'error',
      status: 429,
      error: { type: 'requests', code: 'rate_limit_exceeded', message: 'Slow down', param: null },
      code: 'rate_limit_exceeded',
      message: 'Slow down',
      param: null,
      headers: { 'retry-after': '7' },
    });
  });

  it('still names the status when the body is not an OpenAI error', () => {
    expect(JSON.parse(errorEventFromHttp(502, '<html>bad gateway</html>', null))).toMatchObject({
      type: 'error',
      status: 502,
      error: { type: 'server_error', code: '502', message: 'The gateway answered HTTP 502' },
    });
  });
});

describe('seeEvent', () => {
  it('parses only the events that end a response', () => {
    expect(seeEvent('response.output_text.delta', 'not even JSON')).toEqual({ type: 'response.output_text.delta' });
    const completed = { type: 'response.completed', response: { id: 'resp_1' } };
    expect(seeEvent('response.completed', JSON.stringify(completed))).toEqual({
      type: 'response.completed',
      terminal: completed,
    });
  });

  it('reads the type from the data when the stream names no events', () => {
    const failed = { type: 'response.failed', response: { id: 'resp_2' } };
    expect(seeEvent(undefined, JSON.stringify(failed))).toEqual({ type: 'response.failed', terminal: failed });
    expect(seeEvent(undefined, JSON.stringify({ type: 'response.created' }))).toEqual({ type: 'response.created' });
  });
});
