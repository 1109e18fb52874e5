import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { configSchema } from './config-schema.js';
import { interpolateEnv } from './interpolate-env.js';
import { formatIssues, parseConfigText } from './load-config.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

/** Every `${NAME}` resolves to a value that fits any string field it stands in. */
const anyEnv = new Proxy<NodeJS.ProcessEnv>(
  {},
  // Every variable is set, none of the `<NAME>_FILE` ones (both at once is refused).
  {
    get: (_target, name) =>
      typeof name === 'string' && !name.endsWith('_FILE') ? `env-value-${name.toLowerCase()}` : undefined,
  },
);

interface Example {
  where: string;
  text: string;
}

function yamlBlocks(file: string): Example[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const blocks: Example[] = [];
  let start = -1;
  lines.forEach((line, i) => {
    if (start < 0 && /^\s*```ya?ml\s*$/.test(line)) start = i + 1;
    else if (start >= 0 && /^\s*```\s*$/.test(line)) {
      blocks.push({ where: `${relative(root, file)}:${start}`, text: lines.slice(start, i).join('\n') });
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

  it('the README example is a whole valid config', () => {
    const readme = yamlBlocks(join(root, 'README.md')).find((block) => block.text.includes('keys:'));
    expect(readme).toBeDefined();
    expect(() => parseConfigText(readme?.text ?? '', 'README.md', anyEnv)).not.toThrow();
  });
});
