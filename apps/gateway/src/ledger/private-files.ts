import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { errorText } from '../http/style-errors.js';

/** Only the owner may enter the data folder (it holds key hashes and the ledger). */
export const PRIVATE_DIR_MODE = 0o700;
/** Only the owner may read or write a file in it. */
export const PRIVATE_FILE_MODE = 0o600;

/** Told when a folder or file was looser than it should be: tightened, or left as is when that failed. */
export type LooseModeNotice = (notice: { path: string; mode: string; tightened: boolean; error?: string }) => void;

/** Creates `dir` (and missing parents) owner-only; tightens an existing folder others can read or enter. */
export function privateFolder(dir: string, onLoose: LooseModeNotice): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(dir, PRIVATE_DIR_MODE, onLoose);
}

/** Creates `path` empty and owner-only when missing; tightens an existing file others can read. */
export function privateFile(path: string, onLoose: LooseModeNotice): void {
  if (!existsSync(path)) closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  tighten(path, PRIVATE_FILE_MODE, onLoose);
}

/** Tightens `path` when it exists (SQLite's `-wal` and `-shm` files, made beside the database). */
export function tightenIfPresent(path: string, onLoose: LooseModeNotice): void {
  if (existsSync(path)) tighten(path, PRIVATE_FILE_MODE, onLoose);
}

function tighten(path: string, wanted: number, onLoose: LooseModeNotice): void {
  // Windows has no owner/group/other bits to speak of.
  if (process.platform === 'win32') return;
  const mode = statSync(path).mode & 0o777;
  if ((mode & ~wanted) === 0) return;
  const shown = mode.toString(8).padStart(4, '0');
  try {
    chmodSync(path, mode & wanted);
    onLoose({ path, mode: shown, tightened: true });
  } catch (error) {
    onLoose({ path, mode: shown, tightened: false, error: errorText(error) });
  }
}
