import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { configSchema, type GatewayConfig } from './config-schema.js';
import { defaultConfig } from './default-config.js';
import { interpolateEnv, typedReferences } from './interpolate-env.js';
import { withFileDefaults } from './file-defaults.js';
import { adapterRegistry } from '@interlingua/provider-adapters';
import { checkReferences } from './check-references.js';

/** A config that cannot be used; `problems` name each bad field by its path. */
export class ConfigError extends Error {
  readonly problems: string[];

  constructor(source: string, problems: string[]) {
    super(`Invalid configuration (${source}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Parses and validates a config text (YAML or JSON). */
export function parseConfigText(text: string, source: string, env: NodeJS.ProcessEnv): GatewayConfig {
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (error) {
    throw new ConfigError(source, [
      `not valid YAML or JSON: ${error instanceof Error ? error.message : String(error)}`,
    ]);
  }
  // An empty file would otherwise mean "all defaults": no keys, every request refused.
  if (raw === null || raw === undefined)
    throw new ConfigError(source, [
      'the file is empty (or holds only comments); a config needs at least its keys, providers and models',
    ]);
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw new ConfigError(source, [
      `(root): expected a mapping of sections (server, keys, providers, models, …), found ${Array.isArray(raw) ? 'a list' : `a ${typeof raw}`}`,
    ]);
  const { value, missing } = interpolateEnv(raw, env);
  if (missing.length > 0)
    throw new ConfigError(
      source,
      missing.map((m) => `${m.path}: ${m.problem ?? `environment variable ${m.name} is not set`}`),
    );
  const parsed = parseWithTypedReferences(raw, withFileDefaults(value as Record<string, unknown>, env));
  if (!parsed.success) throw new ConfigError(source, formatIssues(parsed.error.issues));
  const problems = checkReferences(parsed.data, new Set(adapterRegistry().keys()));
  if (problems.length > 0) throw new ConfigError(source, problems);
  return parsed.data;
}

/** The schema's reading of `value`; numbers and booleans written as one `${NAME}` (`port: ${PORT}`) read as such. */
function parseWithTypedReferences(written: unknown, value: Record<string, unknown>) {
  const parsed = configSchema.safeParse(value);
  if (parsed.success) return parsed;
  const mismatches = parsed.error.issues.flatMap((issue) =>
    issue.code === 'invalid_type' ? [{ path: issue.path, expected: issue.expected }] : [],
  );
  const typed = typedReferences(written, value, mismatches);
  return typed === undefined ? parsed : configSchema.safeParse(typed);
}

/** The config from `--config` / `INTERLINGUA_CONFIG`, or the defaults when neither is given. */
export function loadConfig(path: string | undefined, env: NodeJS.ProcessEnv): GatewayConfig {
  if (!path) return defaultConfig(env);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(path, [`cannot read the file: ${error instanceof Error ? error.message : String(error)}`]);
  }
  return parseConfigText(text, path, env);
}

export function formatIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => {
    // One unknown field is named by its own path (`server.prot`), the message suggesting the nearest known one.
    const path =
      issue.code === 'unrecognized_keys' && issue.keys.length === 1 ? [...issue.path, ...issue.keys] : issue.path;
    return `${formatPath(path) || '(root)'}: ${issue.message}`;
  });
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)),
    '',
  );
}
