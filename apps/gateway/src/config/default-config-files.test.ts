import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from './default-config.js';
import { EnvFileError } from './env-or-file.js';

/** The defaults (no config file) with their secrets in files: `INTERLINGUA_API_KEY_FILE`, a provider's `*_API_KEY_FILE`. */
const dir = mkdtempSync(join(tmpdir(), 'interlingua-default-files-'));
function secretFile(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content, { mode: 0o600 });
  return path;
}

describe('the defaults from *_FILE', () => {
  it('take the gateway key, the admin secret and a provider key from files', () => {
    const config = defaultConfig({
      INTERLINGUA_API_KEY_FILE: secretFile('api-key', 'gateway-key-from-file\n'),
      INTERLINGUA_ADMIN_SECRET_FILE: secretFile('admin', 'admin-secret-from-file-0123\n'),
      OPENAI_API_KEY_FILE: secretFile('openai', 'sk-from-file\n'),
    });
    expect(config.keys[0]?.secret).toBe('gateway-key-from-file');
    expect(config.admin?.secret).toBe('admin-secret-from-file-0123');
    expect(config.providers.find((provider) => provider.id === 'openai')).toMatchObject({ apiKey: 'sk-from-file' });
  });

  it('stop on a gateway key file that cannot be read, naming the variable and the path', () => {
    const missing = join(dir, 'no-such-key');
    const env = { INTERLINGUA_API_KEY_FILE: missing, INTERLINGUA_ADMIN_SECRET: 'admin-secret-0123456789' };
    expect(() => defaultConfig(env)).toThrow(EnvFileError);
    expect(() => defaultConfig(env)).toThrow(`INTERLINGUA_API_KEY_FILE: cannot read ${missing}: ENOENT`);
  });
});
