import { closeSync, openSync, readSync } from 'node:fs';

/** Largest file a `<NAME>_FILE` variable may name; a secret is far smaller. */
export const MAX_ENV_FILE_BYTES = 64 * 1024;

/** A `<NAME>_FILE` variable that cannot be used; the message names the variables and the file, never its content. */
export class EnvFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EnvFileError';
  }
}

/**
 * The value of the environment variable `name`, or else the content of the file that
 * `<name>_FILE` names (a Kubernetes Secret or Docker secret mounted as a file), without its
 * trailing line breaks. `undefined` when neither is set. Throws `EnvFileError` when both are set,
 * or when the file cannot be read, is empty or is larger than `MAX_ENV_FILE_BYTES`.
 */
export function envOrFile(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const fileVariable = `${name}_FILE`;
  const path = env[fileVariable];
  if (!path) return env[name];
  if (env[name]) throw new EnvFileError(`set ${name} or ${fileVariable}, not both`);
  const text = readBounded(path, fileVariable).replace(/[\r\n]+$/, '');
  if (!text) throw new EnvFileError(`${fileVariable}: the file ${path} is empty`);
  return text;
}

function readBounded(path: string, variable: string): string {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw new EnvFileError(`${variable}: cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  try {
    const buffer = Buffer.alloc(MAX_ENV_FILE_BYTES + 1);
    let length = 0;
    for (;;) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      if (length > MAX_ENV_FILE_BYTES)
        throw new EnvFileError(`${variable}: ${path} is larger than ${MAX_ENV_FILE_BYTES} bytes`);
    }
    return buffer.toString('utf8', 0, length);
  } catch (error) {
    if (error instanceof EnvFileError) throw error;
    throw new EnvFileError(`${variable}: cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  } finally {
    closeSync(fd);
  }
}
