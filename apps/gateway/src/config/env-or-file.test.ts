import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvFileError, MAX_ENV_FILE_BYTES, envOrFile } from './env-or-file.js';

const dir = mkdtempSync(join(tmpdir(), 'env-or-file-'));

function secretFile(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content, { mode: 0o600 });
  return path;
}

describe('envOrFile', () => {
  it('reads the variable itself when it is set', () => {
    expect(envOrFile({ SOME_SECRET: 'from-env' }, 'SOME_SECRET')).toBe('from-env');
    expect(envOrFile({}, 'SOME_SECRET')).toBeUndefined();
  });

  it('reads the file <NAME>_FILE names, without its trailing line break', () => {
    const path = secretFile('mounted', 'from-a-mounted-secret\n');
    expect(envOrFile({ SOME_SECRET_FILE: path }, 'SOME_SECRET')).toBe('from-a-mounted-secret');
    const crlf = secretFile('crlf', 'windows-line\r\n');
    expect(envOrFile({ SOME_SECRET_FILE: crlf, SOME_SECRET: '' }, 'SOME_SECRET')).toBe('windows-line');
  });

  it('refuses both variables at once, a missing, an empty and an oversized file, naming the variable only', () => {
    const path = secretFile('both', 'file-value');
    expect(() => envOrFile({ SOME_SECRET: 'env-value', SOME_SECRET_FILE: path }, 'SOME_SECRET')).toThrow(
      'set SOME_SECRET or SOME_SECRET_FILE, not both',
    );
    expect(() => envOrFile({ SOME_SECRET_FILE: join(dir, 'absent') }, 'SOME_SECRET')).toThrow(
      /SOME_SECRET_FILE: cannot read .*absent: ENOENT/,
    );
    expect(() => envOrFile({ SOME_SECRET_FILE: secretFile('empty', '\n') }, 'SOME_SECRET')).toThrow(/is empty/);
    const big = secretFile('big', 'x'.repeat(MAX_ENV_FILE_BYTES + 1));
    expect(() => envOrFile({ SOME_SECRET_FILE: big }, 'SOME_SECRET')).toThrow(EnvFileError);
    expect(() => envOrFile({ SOME_SECRET_FILE: dir }, 'SOME_SECRET')).toThrow(/cannot read .*EISDIR/);
  });
});
