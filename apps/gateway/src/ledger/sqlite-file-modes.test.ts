import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseSchema } from '../config/admin-schema.js';
import { openDatabase } from './open-database.js';
import type { LooseModeNotice } from './private-files.js';

const modeOf = (path: string): string => (statSync(path).mode & 0o777).toString(8);

describe.skipIf(process.platform === 'win32')('the SQLite data folder and files', () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const scratch = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'interlingua-modes-'));
    made.push(dir);
    return dir;
  };

  it('creates the folder 0700 and the database, -wal and -shm files 0600, whatever the umask', async () => {
    const previous = process.umask(0o022);
    try {
      const dir = join(scratch(), 'nested', 'data');
      const db = await openDatabase(databaseSchema.parse({ type: 'sqlite', dir }));
      await db.run("INSERT INTO interlingua_migrations (version, name, applied_at) VALUES (999, 'probe', 0)");
      expect(modeOf(dir)).toBe('700');
      expect(modeOf(join(dir, '..'))).toBe('700');
      for (const file of ['interlingua.db', 'interlingua.db-wal', 'interlingua.db-shm'])
        expect([file, modeOf(join(dir, file))]).toEqual([file, '600']);
      await db.close();
    } finally {
      process.umask(previous);
    }
  });

  it('tightens a folder and files left readable by others, and says so', async () => {
    const dir = join(scratch(), 'data');
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    for (const file of ['interlingua.db-wal', 'interlingua.db-shm']) writeFileSync(join(dir, file), '');
    const first = await openDatabase(databaseSchema.parse({ type: 'sqlite', dir }));
    await first.close();
    for (const file of ['interlingua.db', 'interlingua.db-wal', 'interlingua.db-shm'])
      if (statSync(join(dir, file), { throwIfNoEntry: false })) chmodSync(join(dir, file), 0o644);
    chmodSync(dir, 0o755);
    const notices: Parameters<LooseModeNotice>[0][] = [];
    const db = await openDatabase(databaseSchema.parse({ type: 'sqlite', dir }), (notice) => notices.push(notice));
    expect(modeOf(dir)).toBe('700');
    expect(modeOf(join(dir, 'interlingua.db'))).toBe('600');
    expect(notices).toContainEqual({ path: dir, mode: '0755', tightened: true });
    expect(notices).toContainEqual({ path: join(dir, 'interlingua.db'), mode: '0644', tightened: true });
    await db.close();
  });
});
