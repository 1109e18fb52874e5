import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { configSchema } from './config-schema.js';
import { interpolateEnv } from './interpolate-env.js';
import { formatIssues, parseConfigText } from './load-config.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

/** Every `${NAME}` resolves to a value that fits the field it stands in, as an operator would set it. */
const anyEnv = new Proxy<NodeJS.ProcessEnv>(
  {},
  // Every variable is set, none of the `<NAME>_FILE` ones (both at once is refused).
  {
    get: (_target, name) => (typeof name === 'string' && !name.endsWith('_FILE') ? envValue(name) : undefined),
  },
);

function envValue(name: string): string {
  if (name.endsWith('PORT')) return '9000';
  if (name.endsWith('HOST')) return '0.0.0.0';
  if (name.endsWith('HASH')) return `sha256:${'0'.repeat(64)}`;
  if (name.includes('DATABASE') || name.includes('POSTGRES'))
    return 'postgres://gateway:password@db.internal:5432/gateway';
  if (name.includes('REDIS')) return 'redis://redis.internal:6379/0';
  return `env-value-${name.toLowerCase()}`;
}

/** The comment that marks a YAML block of the docs as part of a config, not a whole one. */
const FRAGMENT_MARK = '<!-- config fragment -->';

interface Example {
  where: string;
  text: string;
  /** Marked as a part of a config: checked for known fields only. */
  fragment: boolean;
}

function yamlBlocks(file: string): Example[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const blocks: Example[] = [];
  let start = -1;
  lines.forEach((line, i) => {
    if (start < 0 && /^\s*```ya?ml\s*$/.test(line)) start = i + 1;
    else if (start >= 0 && /^\s*```\s*$/.test(line)) {
      const fragment = lines[start - 2]?.trim() === FRAGMENT_MARK;
      blocks.push({ where: `${relative(root, file)}:${start}`, text: lines.slice(start, i).join('\n'), fragment });
      start = -1;
    }
  });
  return blocks;
}

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(
      (entry) =>
        entry.isFile() && pattern.test(entry.name) && !join(entry.parentPath, entry.name).includes('node_modules'),
    )
    .map((entry) => join(entry.parentPath, entry.name));
}

const documents = [
  join(root, 'README.md'),
  ...filesUnder(join(root, 'docs'), /\.md$/),
  ...filesUnder(join(root, 'examples'), /\.md$/),
];
const examples = [
  ...documents.flatMap(yamlBlocks),
  ...filesUnder(join(root, 'examples'), /\.ya?ml$/).map((file) => ({
    where: relative(root, file),
    text: readFileSync(file, 'utf8'),
    fragment: false,
  })),
];

/** Problems of the schema alone: documentation shows fragments of a config, not always a whole one. */
function schemaProblems(text: string): string[] {
  const { value } = interpolateEnv(parseYaml(text), anyEnv);
  const parsed = configSchema.safeParse(value);
  return parsed.success ? [] : formatIssues(parsed.error.issues);
}

describe('configs shown in the README, docs/ and examples/', () => {
  it('finds the examples', () => {
    expect(examples.length).toBeGreaterThan(5);
  });

  it.each(examples.map((example) => [example.where, example.text]))('%s uses only known fields', (_where, text) => {
    expect(schemaProblems(text).filter((problem) => problem.includes('unknown field'))).toEqual([]);
  });

  it.each(examples.filter((example) => !example.fragment).map((example) => [example.where, example.text]))(
    '%s passes check-config as shown (or is marked as a config fragment)',
    (where, text) => {
      expect(() => parseConfigText(text, where, anyEnv)).not.toThrow();
    },
  );

  it('the README example is a whole valid config', () => {
    const readme = yamlBlocks(join(root, 'README.md')).find((block) => block.text.includes('keys:'));
    expect(readme).toBeDefined();
    expect(() => parseConfigText(readme?.text ?? '', 'README.md', anyEnv)).not.toThrow();
  });
});
