import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from './default-config.js';
import { parseConfigText } from './load-config.js';
import { problemsOf } from './config-problems.test-support.js';

const minimal = `
keys:
  - name: team
    secret: \${TEAM_KEY}
providers:
  - id: openai
    type: openai
    apiKey: \${OPENAI_KEY}
models:
  - name: "openai/*"
    targets: [{ provider: openai }]
`;

describe('parseConfigText', () => {
  it('interpolates environment variables and applies defaults', () => {
    const config = parseConfigText(minimal, 'test.yaml', { TEAM_KEY: 'team-secret-1', OPENAI_KEY: 'sk-test' });
    expect(config.keys[0]).toMatchObject({ name: 'team', secret: 'team-secret-1', models: ['*'] });
    expect(config.providers[0]).toMatchObject({ apiKey: 'sk-test', api: 'chat', headers: {} });
    expect(config.server).toMatchObject({ host: '127.0.0.1', port: 8080 });
  });

  it('names the field whose environment variable is missing', () => {
    expect(problemsOf(minimal, { TEAM_KEY: 'team-secret-1' })).toEqual([
      'providers[0].apiKey: environment variable OPENAI_KEY is not set',
    ]);
  });

  it('reads ${NAME} from the file NAME_FILE names, and names the field when that file cannot be used', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'config-secret-')), 'openai-key');
    writeFileSync(file, 'sk-from-a-file\n', { mode: 0o600 });
    const config = parseConfigText(minimal, 'test.yaml', { TEAM_KEY: 'team-secret-1', OPENAI_KEY_FILE: file });
    expect(config.providers[0]).toMatchObject({ apiKey: 'sk-from-a-file' });
    expect(problemsOf(minimal, { TEAM_KEY: 'team-secret-1', OPENAI_KEY_FILE: `${file}.absent` })).toEqual([
      expect.stringMatching(/^providers\[0\]\.apiKey: OPENAI_KEY_FILE: cannot read .*: ENOENT$/),
    ]);
  });

  it('names the path of each invalid field', () => {
    const problems = problemsOf('server: { port: "x" }\nkeys: [{ name: k }]\nproviders: [{ id: Bad, type: openai }]');
    expect(problems).toContain('server.port: Invalid input: expected number, received string');
    expect(problems.some((p) => p.startsWith('keys[0]: give exactly one of secret or secretHash'))).toBe(true);
    expect(problems.some((p) => p.startsWith('providers[0].id:'))).toBe(true);
  });

  it('rejects unknown provider types and targets naming unknown providers', () => {
    const problems = problemsOf(
      'providers: [{ id: p, type: nope }]\nmodels: [{ name: m, targets: [{ provider: q }] }]',
    );
    expect(problems).toContainEqual(expect.stringMatching(/^providers\[0\]\.type: unknown provider type "nope"/));
    expect(problems).toContain('models[0].targets[0].provider: no provider with id "q"');
  });

  it('accepts JSON as well as YAML and reports unparsable text', () => {
    expect(
      parseConfigText('{"server":{"port":9000},"keys":[{"name":"k","secret":"secret-value-1"}]}', 'c.json', {}).server
        .port,
    ).toBe(9000);
    expect(problemsOf('keys: [')[0]).toMatch(/^not valid YAML or JSON/);
  });

  it('refuses an empty file, a file of comments and a root that is not a mapping, instead of starting on defaults', () => {
    expect(problemsOf('')).toEqual([expect.stringMatching(/^the file is empty/)]);
    expect(problemsOf('# nothing yet\n\n')).toEqual([expect.stringMatching(/^the file is empty/)]);
    expect(problemsOf('- server\n- keys')).toEqual([
      expect.stringMatching(/^\(root\): expected a mapping .* found a list$/),
    ]);
    expect(problemsOf('just words')).toEqual([expect.stringMatching(/found a string$/)]);
  });

  it('refuses a config without any gateway key', () => {
    expect(problemsOf('{}')).toEqual([expect.stringMatching(/^keys: no gateway key is configured/)]);
  });

  it('names unknown fields at every level by path, with the nearest known field', () => {
    const text = `${minimal}
server: { prot: 8080 }
routing: { backof: { initialMs: 1 } }
model: []
logging: { zzzzzzzzzz: true }
`.replace('apiKey: ${OPENAI_KEY}', 'apiKey: ${OPENAI_KEY}\n    timeouts: { firstByte: 10 }');
    const problems = problemsOf(text, { TEAM_KEY: 'team-secret-1', OPENAI_KEY: 'sk-test' });
    expect(problems).toEqual(
      expect.arrayContaining([
        'server.prot: unknown field "prot"; did you mean "port"?',
        'routing.backof: unknown field "backof"; did you mean "backoff"?',
        'model: unknown field "model"; did you mean "models"?',
        'providers[0].timeouts.firstByte: unknown field "firstByte"; did you mean "firstByteMs"?',
        'logging.zzzzzzzzzz: unknown field "zzzzzzzzzz" (known fields: level, bodies, maxBodyChars)',
      ]),
    );
    expect(problems).toHaveLength(5);
  });

  it('keeps ${ENV} interpolation inside strictly checked sections', () => {
    const config = parseConfigText(`${minimal}\nserver: { host: "\${HOST}" }`, 'test.yaml', {
      TEAM_KEY: 'team-secret-1',
      OPENAI_KEY: 'sk-test',
      HOST: '0.0.0.0',
    });
    expect(config.server.host).toBe('0.0.0.0');
  });
});

describe('defaultConfig', () => {
  it('always has the mock model and adds env-keyed providers with prefix routes', () => {
    const config = defaultConfig({
      OPENAI_API_KEY: 'sk-x',
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      INTERLINGUA_API_KEY: 'gateway-key-123',
    });
    expect(config.providers.map((p) => p.id)).toEqual(['mock', 'openai']);
    expect(config.providers[1]).toMatchObject({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-x' });
    expect(config.models.map((m) => m.name)).toEqual(['mock', 'openai/*']);
    expect(config.keys[0]?.secret).toBe('gateway-key-123');
  });

  it('generates a key when none is given and reports it once', () => {
    const seen: string[] = [];
    const config = defaultConfig({}, (secret) => seen.push(secret));
    expect(seen).toHaveLength(1);
    expect(config.keys[0]?.secret).toBe(seen[0]);
  });
});
