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

const WHOLE_REFERENCE = /^\$\{[A-Za-z_][A-Za-z0-9_]*\}$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** Where the schema wanted another type than the string it found. */
export interface TypeMismatch {
  path: readonly PropertyKey[];
  expected: string;
}

/**
 * `value` (the interpolated config) with the numbers and booleans the schema asked for read from
 * fields the file wrote as one whole `${NAME}` reference (`port: ${PORT}`); undefined when no
 * such field was found. Only such fields change: a key that happens to be digits stays a string.
 */
export function typedReferences(
  written: unknown,
  value: unknown,
  mismatches: readonly TypeMismatch[],
): unknown | undefined {
  let out = value;
  let changed = false;
  for (const { path, expected } of mismatches) {
    const source = at(written, path);
    const text = at(value, path);
    if (typeof source !== 'string' || !WHOLE_REFERENCE.test(source) || typeof text !== 'string') continue;
    const typed =
      expected === 'number' && NUMBER.test(text)
        ? Number(text)
        : expected === 'boolean' && (text === 'true' || text === 'false')
          ? text === 'true'
          : undefined;
    if (typed === undefined) continue;
    out = replaced(out, path, typed);
    changed = true;
  }
  return changed ? out : undefined;
}

function at(value: unknown, path: readonly PropertyKey[]): unknown {
  let here = value;
  for (const key of path) {
    if (typeof here !== 'object' || here === null) return undefined;
    here = (here as Record<PropertyKey, unknown>)[key];
  }
  return here;
}

function replaced(value: unknown, path: readonly PropertyKey[], typed: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return typed;
  if (Array.isArray(value)) return value.map((item, i) => (i === key ? replaced(item, rest, typed) : item));
  const record = value as Record<PropertyKey, unknown>;
  return { ...record, [key]: replaced(record[key], rest, typed) };
}
