import { EnvFileError, envOrFile } from './env-or-file.js';

/** A `${NAME}` reference to an environment variable that is not set, or whose `NAME_FILE` cannot be used (`problem`). */
export interface MissingVariable {
  path: string;
  name: string;
  problem?: string;
}

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Replaces `${NAME}` in every string of a parsed config with the environment's value, or with the
 * content of the file `NAME_FILE` names (see `envOrFile`). Missing variables are reported with
 * the path of the field that names them.
 */
export function interpolateEnv(
  value: unknown,
  env: NodeJS.ProcessEnv,
  path = '',
  missing: MissingVariable[] = [],
): { value: unknown; missing: MissingVariable[] } {
  if (typeof value === 'string') {
    const replaced = value.replace(REFERENCE, (_match, name: string) => {
      const found = valueOf(env, name);
      if (typeof found !== 'string') missing.push({ path: path || '(root)', name, ...found });
      return typeof found === 'string' ? found : '';
    });
    return { value: replaced, missing };
  }
  if (Array.isArray(value)) {
    return { value: value.map((item, i) => interpolateEnv(item, env, `${path}[${i}]`, missing).value), missing };
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      out[key] = interpolateEnv(item, env, path ? `${path}.${key}` : key, missing).value;
    return { value: out, missing };
  }
  return { value, missing };
}

function valueOf(env: NodeJS.ProcessEnv, name: string): string | { problem?: string } {
  try {
    return envOrFile(env, name) ?? {};
  } catch (error) {
    if (error instanceof EnvFileError) return { problem: error.message };
    throw error;
  }
}
