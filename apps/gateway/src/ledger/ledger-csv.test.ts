import { describe, expect, it } from 'vitest';
import { toCsv } from './ledger-csv.js';

const NUMERIC = new Set(['cost', 'input_tokens']);
const cellOf = (value: unknown, column = 'model'): string =>
  toCsv([column], [{ [column]: value }], NUMERIC).split('\r\n')[1] ?? '';

describe('ledger CSV export', () => {
  it.each([
    ["-1+cmd|' /C calc'!A0", "'-1+cmd|' /C calc'!A0"],
    ['-2', "'-2"],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1+1', "'+1+1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
    ['  =1+1', "'  =1+1"],
    ['\u00a0-3+3', "'\u00a0-3+3"],
    ['\uff1d1+1', "'\uff1d1+1"],
  ])('neutralises a text cell a spreadsheet would read as a formula: %j', (value, expected) => {
    expect(cellOf(value)).toBe(expected);
  });

  it('leaves ordinary text alone and quotes commas and quotes', () => {
    expect(cellOf('gpt-4o-mini')).toBe('gpt-4o-mini');
    expect(cellOf('a,b')).toBe('"a,b"');
    expect(cellOf('say "hi"')).toBe('"say ""hi"""');
    expect(cellOf(null)).toBe('');
  });

  it('writes numeric columns as numbers, negative ones included, whether the driver gives numbers or text', () => {
    expect(cellOf(-1.5, 'cost')).toBe('-1.5');
    expect(cellOf('-42', 'input_tokens')).toBe('-42');
    expect(cellOf('1e-7', 'cost')).toBe('1e-7');
  });

  it('guards text that turns up in a numeric column', () => {
    expect(cellOf('-1+cmd', 'cost')).toBe("'-1+cmd");
  });
});
