import { describe, expect, it } from 'vitest';
import { parseConfigText } from './load-config.js';
import { problemsOf } from './config-problems.test-support.js';

const TEAM = `
keys:
  - { name: team, secret: team-secret-1, models: ["local/*", "mock"] }
providers:
  - { id: local, type: ollama }
models:
  - name: "local/*"
    targets: [{ provider: local }]
`;

const ENV = {
  INTERLINGUA_HOST: '0.0.0.0',
  INTERLINGUA_PORT: '9090',
  INTERLINGUA_DATA_DIR: '/var/lib/interlingua',
  INTERLINGUA_ADMIN_SECRET: 'admin-secret-from-env',
  INTERLINGUA_API_KEY: 'gateway-key-from-env',
};

describe('a config file extends the zero-config defaults', () => {
  it('keeps the mock, the data folder, the admin secret and the INTERLINGUA_* host and port', () => {
    const config = parseConfigText(TEAM, 'team.yaml', ENV);
    expect(config.server).toMatchObject({ host: '0.0.0.0', port: 9090 });
    expect(config.database).toMatchObject({ type: 'sqlite', dir: '/var/lib/interlingua', file: 'interlingua.db' });
    expect(config.admin?.secret).toBe('admin-secret-from-env');
    expect(config.providers.map((provider) => provider.id)).toEqual(['local', 'mock']);
    expect(config.models.map((model) => model.name)).toEqual(['local/*', 'mock']);
    // The file's keys replace the defaults' one key.
    expect(config.keys.map((key) => key.name)).toEqual(['team']);
  });

  it('uses the data folder of the defaults when INTERLINGUA_DATA_DIR is not set', () => {
    expect(parseConfigText(TEAM, 'team.yaml', {}).database).toMatchObject({ type: 'sqlite', dir: 'interlingua-data' });
  });

  it('lets what the file says win', () => {
    const text = `${TEAM}
server: { host: 127.0.0.1, port: 8181 }
admin: { secret: admin-secret-in-file }
database: { type: sqlite, dir: ./team-data }
defaults: { mock: false }
`;
    const config = parseConfigText(text, 'team.yaml', ENV);
    expect(config.server).toMatchObject({ host: '127.0.0.1', port: 8181 });
    expect(config.admin?.secret).toBe('admin-secret-in-file');
    expect(config.database).toMatchObject({ dir: './team-data' });
    expect(config.models.map((model) => model.name)).toEqual(['local/*']);
  });

  it('turns the database off with defaults.database: false', () => {
    const config = parseConfigText(`${TEAM}\ndefaults: { database: false }`, 'team.yaml', ENV);
    expect(config.database).toBeUndefined();
  });

  it('keeps a mock model the file routes itself', () => {
    const text = `${TEAM.replace('models:\n', 'models:\n  - { name: mock, targets: [{ provider: local, model: tiny }] }\n')}`;
    const config = parseConfigText(text, 'team.yaml', {});
    expect(config.models.filter((model) => model.name === 'mock')).toEqual([
      expect.objectContaining({ targets: [expect.objectContaining({ provider: 'local', model: 'tiny' })] }),
    ]);
    expect(config.providers.map((provider) => provider.id)).toEqual(['local', 'mock']);
  });

  it('takes the gateway key from INTERLINGUA_API_KEY when the file has no keys', () => {
    const text = TEAM.replace(/keys:\n.*\n/, '');
    expect(parseConfigText(text, 'local.yaml', ENV).keys).toEqual([
      expect.objectContaining({ name: 'default', secret: 'gateway-key-from-env' }),
    ]);
    expect(problemsOf(text, {})).toEqual([expect.stringMatching(/^keys: no gateway key is configured/)]);
  });
});

describe('numbers and booleans from one ${NAME}', () => {
  it('reads `port: ${PORT}` as a number, quoted or not', () => {
    for (const port of ['${PORT}', '"${PORT}"'])
      expect(parseConfigText(`${TEAM}\nserver:\n  port: ${port}\n`, 't.yaml', { PORT: '7001' }).server.port).toBe(7001);
  });

  it('reads booleans the same way', () => {
    const text = `${TEAM}\nledger:\n  enabled: \${LEDGER}\n`;
    expect(parseConfigText(text, 't.yaml', { LEDGER: 'false' }).ledger.enabled).toBe(false);
  });

  it('still refuses a value that is not a number, naming the field', () => {
    expect(problemsOf(`${TEAM}\nserver:\n  port: \${PORT}\n`, { PORT: 'eighty' })).toEqual([
      'server.port: Invalid input: expected number, received string',
    ]);
  });

  it('leaves strings alone: a key of digits stays a string, text around a reference stays text', () => {
    const text = TEAM.replace('secret: team-secret-1', 'secret: "${DIGITS}"');
    expect(parseConfigText(text, 't.yaml', { DIGITS: '1234567890' }).keys[0]?.secret).toBe('1234567890');
    expect(problemsOf(`${TEAM}\nserver: { port: "80\${PORT}" }`, { PORT: '80' })).toEqual([
      'server.port: Invalid input: expected number, received string',
    ]);
  });
});
