import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from './default-config.js';
import { DEFAULT_DATA_DIR, operatorDefaults } from './admin-defaults.js';

describe('operator defaults (no config file)', () => {
  it('takes the admin secret and the data folder from the environment', () => {
    const config = defaultConfig({
      INTERLINGUA_API_KEY: 'gateway-key-0001',
      INTERLINGUA_ADMIN_SECRET: 'admin-secret-from-env-01',
      INTERLINGUA_DATA_DIR: '/var/lib/interlingua',
    });
    expect(config.admin).toEqual({
      secret: 'admin-secret-from-env-01',
      maxFailedLogins: 10,
      failedLoginWindowMs: 60_000,
      rotationOverlapSeconds: 0,
    });
    expect(config.database).toMatchObject({ type: 'sqlite', dir: '/var/lib/interlingua', file: 'interlingua.db' });
  });

  it('generates an admin secret, reports it once, and uses the default data folder', () => {
    const reported: string[] = [];
    const section = operatorDefaults({}, (secret) => reported.push(secret));
    expect(reported).toHaveLength(1);
    expect(section).toEqual({ admin: { secret: reported[0] }, database: { type: 'sqlite', dir: DEFAULT_DATA_DIR } });
    expect(reported[0]?.length).toBeGreaterThanOrEqual(32);
    expect(operatorDefaults({}, () => undefined)).not.toEqual(section);
  });

  it('reads the admin secret from the file INTERLINGUA_ADMIN_SECRET_FILE names (a mounted Kubernetes Secret)', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'admin-secret-')), 'admin-secret');
    writeFileSync(file, 'admin-secret-from-a-file\n', { mode: 0o600 });
    const reported: string[] = [];
    const section = operatorDefaults({ INTERLINGUA_ADMIN_SECRET_FILE: file }, (secret) => reported.push(secret));
    expect(section.admin).toEqual({ secret: 'admin-secret-from-a-file' });
    expect(reported).toEqual([]);
  });
});
