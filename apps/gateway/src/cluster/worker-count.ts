import { availableParallelism } from 'node:os';

/** `server.workers` or `--workers`: a count, or `auto` for one per core. */
export type WorkersSetting = number | 'auto';

/** How many gateway processes to run. */
export function workerCount(setting: WorkersSetting): number {
  return setting === 'auto' ? availableParallelism() : setting;
}

/** Reads `--workers`: a whole number from 1 to 256, or `auto`; undefined when it is neither. */
export function parseWorkersFlag(text: string): WorkersSetting | undefined {
  if (text === 'auto') return 'auto';
  if (!/^\d+$/.test(text)) return undefined;
  const count = Number(text);
  return count >= 1 && count <= 256 ? count : undefined;
}
