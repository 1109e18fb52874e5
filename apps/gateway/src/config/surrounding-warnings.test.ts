import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configSchema } from './config-schema.js';
import { detectSurroundings, surroundingWarnings } from './surrounding-warnings.js';

const dataDir = mkdtempSync(join(tmpdir(), 'interlingua-surroundings-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const keys = [{ name: 'k', secret: 'secret-value-1' }];

describe('surroundingWarnings', () => {
  it('warns of a loopback host in a container, not outside one nor for 0.0.0.0', () => {
    const loopback = configSchema.parse({ keys, server: { host: '127.0.0.1' } });
    expect(surroundingWarnings(loopback, { inContainer: true })).toEqual([
      expect.stringMatching(/^server\.host: 127\.0\.0\.1 inside a container answers only the container itself/),
    ]);
    expect(surroundingWarnings(loopback, { inContainer: false })).toEqual([]);
    const open = configSchema.parse({ keys, server: { host: '0.0.0.0' } });
    expect(surroundingWarnings(open, { inContainer: true })).toEqual([]);
  });

  it('warns when the database of the defaults holds data this config does not use', () => {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, 'interlingua.db'), '');
    const surroundings = { ...detectSurroundings({ INTERLINGUA_DATA_DIR: dataDir }), inContainer: false };
    expect(surroundings.defaultDatabaseFile).toBe(join(dataDir, 'interlingua.db'));
    const without = configSchema.parse({ keys });
    expect(surroundingWarnings(without, surroundings)).toEqual([
      expect.stringMatching(/^database: the runtime keys and usage ledger made on the defaults \(.*\) are not used/),
    ]);
    const same = configSchema.parse({ keys, database: { type: 'sqlite', dir: dataDir } });
    expect(surroundingWarnings(same, surroundings)).toEqual([]);
  });

  it('says nothing when the defaults never wrote a database', () => {
    const surroundings = detectSurroundings({ INTERLINGUA_DATA_DIR: join(dataDir, 'never-used') });
    expect(surroundings.defaultDatabaseFile).toBeUndefined();
  });
});
