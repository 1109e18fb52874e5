import { describe, expect, it } from 'vitest';
import { bodyForLog, createLogger, redactUrl, writeRequestLine } from './request-log.js';

describe('request log helpers', () => {
  it('redacts ?key= and &key= values, whatever their case, and nothing else', () => {
    expect(redactUrl('/v1beta/models/m:generateContent?key=secret-1&alt=sse')).toBe(
      '/v1beta/models/m:generateContent?key=[redacted]&alt=sse',
    );
    expect(redactUrl('/v1beta/models?alt=json&KEY=secret-2')).toBe('/v1beta/models?alt=json&KEY=[redacted]');
    expect(redactUrl('/v1/models?monkey=1')).toBe('/v1/models?monkey=1');
  });

  it('redacts a key parameter whose name is percent-encoded (accepted as key all the same)', () => {
    expect(redactUrl('/v1beta/models/m:generateContent?%6bey=secret-3&alt=sse')).toBe(
      '/v1beta/models/m:generateContent?%6bey=[redacted]&alt=sse',
    );
    expect(redactUrl('/v1beta/models?k%65y=secret-4')).not.toContain('secret-4');
  });

  it('cuts long bodies', () => {
    expect(bodyForLog('abcdef', 4)).toBe('abcd…[2 more characters]');
    expect(bodyForLog(Buffer.from('ab'), 4)).toBe('ab');
    expect(bodyForLog(undefined, 4)).toBeUndefined();
  });
});

describe('writeRequestLine', () => {
  const fields = {
    requestId: 'req_1',
    key: 'k',
    url: '/v1/chat/completions?q="x"',
    model: 'gpt-\u00e9\n',
    stream: true,
    status: 200,
    attempts: 1,
    latencyMs: 1.25,
    ttfbMs: undefined,
    tokens: { input: 3, output: 4 },
    cost: null,
  };

  function linesOf(
    level: 'info' | 'error',
    write: (logger: ReturnType<typeof createLogger>) => void,
  ): Array<Record<string, unknown>> {
    const lines: string[] = [];
    write(createLogger(level, { write: (line: string) => void lines.push(line) }));
    return lines.map((line) => {
      expect(line.endsWith('}\n')).toBe(true);
      const { time, ...rest } = JSON.parse(line) as Record<string, unknown>;
      expect(typeof time).toBe('string');
      return rest;
    });
  }

  it('writes the line pino writes for the same fields, at info and error', () => {
    for (const level of ['info', 'error'] as const) {
      const ours = linesOf('info', (logger) => writeRequestLine(logger, level, fields));
      const pinos = linesOf('info', (logger) => logger[level](fields, 'request'));
      expect(ours).toEqual(pinos);
      expect(ours[0]).toMatchObject({ level, msg: 'request', pid: process.pid, status: 200 });
    }
  });

  it('respects the logger level', () => {
    expect(linesOf('error', (logger) => writeRequestLine(logger, 'info', fields))).toEqual([]);
    expect(linesOf('error', (logger) => writeRequestLine(logger, 'error', fields))).toHaveLength(1);
  });
});
