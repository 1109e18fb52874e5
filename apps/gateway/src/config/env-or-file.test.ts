import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operatorDefaults } from './admin-defaults.js';
import { defaultConfig } from './default-config.js';
import { envOrFile } from './env-or-file.js';
import { ConfigError, parseConfigText } from './load-config.js';

const dir = mkdtempSync(join(tmpdir(), 'interlingua-env-file-'));
function secretFile(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content, { mode: 0o600 });
  return path;
}

describe('envOrFile', () => {
  it('reads NAME_FILE when NAME is not set, without the final line break only', () => {
    expect(envOrFile({ TOKEN_FILE: secretFile('lf', 'from-file\n') }, 'TOKEN')).toEqual({ value: 'from-file' });
    expect(envOrFile({ TOKEN_FILE: secretFile('crlf', 'from-file\r\n') }, 'TOKEN')).toEqual({ value: 'from-file' });
    expect(envOrFile({ TOKEN_FILE: secretFile('two', 'line\n\n') }, 'TOKEN')).toEqual({ value: 'line\n' });
  });

  it('prefers NAME, and gives nothing when neither is set', () => {
    expect(envOrFile({ TOKEN: 'direct', TOKEN_FILE: secretFile('unused', 'file') }, 'TOKEN')).toEqual({
      value: 'direct',
    });
    expect(envOrFile({}, 'TOKEN')).toBeUndefined();
  });

  it('names the variable and the path of a file it cannot read', () => {
    const missing = join(dir, 'absent');
    expect(envOrFile({ TOKEN_FILE: missing }, 'TOKEN')).toEqual({
      problem: `TOKEN_FILE names ${missing}, which cannot be read (ENOENT)`,
    });
  });
});

describe('${NAME} in a config file from NAME_FILE', () => {
  const text = [
    'keys: [{ name: team, secret: "${TEAM_KEY}" }]',
    'admin: { secret: "${ADMIN_SECRET}" }',
    'providers: [{ id: mock, type: mock }]',
    'models: [{ name: mock, targets: [{ provider: mock }] }]',
  ].join('\n');

  it('fills each reference from its file', () => {
    const config = parseConfigText(text, 'files.yaml', {
      TEAM_KEY_FILE: secretFile('team-key', 'team-secret-from-file\n'),
      ADMIN_SECRET_FILE: secretFile('admin-secret', 'admin-secret-from-a-file'),
    });
    expect(config.keys[0]?.secret).toBe('team-secret-from-file');
    expect(config.admin?.secret).toBe('admin-secret-from-a-file');
  });

  it('refuses the config naming the field and the unreadable file', () => {
    const missing = join(dir, 'no-such-secret');
    const env = { TEAM_KEY_FILE: missing, ADMIN_SECRET: 'admin-secret-from-env' };
    expect(() => parseConfigText(text, 'files.yaml', env)).toThrow(ConfigError);
    expect(() => parseConfigText(text, 'files.yaml', env)).toThrow(
      `keys[0].secret: TEAM_KEY_FILE names ${missing}, which cannot be read (ENOENT)`,
    );
  });
});

describe('the defaults (no config file) from *_FILE', () => {
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

  it('stop with a ConfigError when the file cannot be read', () => {
    const missing = join(dir, 'no-admin-secret');
    expect(() => operatorDefaults({ INTERLINGUA_ADMIN_SECRET_FILE: missing })).toThrow(
      `INTERLINGUA_ADMIN_SECRET_FILE names ${missing}, which cannot be read (ENOENT)`,
    );
  });
});
