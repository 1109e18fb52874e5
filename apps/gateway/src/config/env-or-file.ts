import { readFileSync } from 'node:fs';
import { ConfigError } from './config-error.js';

/** What the environment gives for a variable: its value, or why it could not be read. */
export type EnvValue = { value: string } | { problem: string };

/**
 * `NAME` from the environment, else the content of the file that `NAME_FILE` names (a Kubernetes
 * or Docker secret mounted as a file), without its final line break; undefined when neither is
 * set. `NAME`, when set, wins. A file that cannot be read is a problem naming the variable and
 * the path, never the content.
 */
export function envOrFile(env: NodeJS.ProcessEnv, name: string): EnvValue | undefined {
  const direct = env[name];
  if (direct !== undefined) return { value: direct };
  const fileVariable = `${name}_FILE`;
  const path = env[fileVariable];
  if (!path) return undefined;
  try {
    return { value: readFileSync(path, 'utf8').replace(/\r?\n$/, '') };
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    return { problem: `${fileVariable} names ${path}, which cannot be read (${reason})` };
  }
}

/**
 * `envOrFile` for a setting the defaults read (no config file): the value, or undefined when
 * neither variable is set; a `NAME_FILE` that cannot be read stops the start with a ConfigError.
 */
export function envOrFileSetting(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const found = envOrFile(env, name);
  if (found && 'problem' in found) throw new ConfigError('environment', [found.problem]);
  return found?.value;
}
