import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every TypeScript or JavaScript block in the READMEs is a file under examples/snippets, copied
 * verbatim and named by a `<!-- snippet: examples/snippets/<file> -->` line just above it. This
 * test checks each block matches its file and runs the file; `pnpm typecheck` checks its types.
 * A block that calls a running gateway says so instead: `<!-- needs a running gateway -->`.
 */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const READMES = [
  'README.md',
  'examples/README.md',
  ...readdirSync(join(repoRoot, 'packages')).map((folder) => `packages/${folder}/README.md`),
].filter((file) => {
  try {
    readFileSync(join(repoRoot, file));
    return true;
  } catch {
    return false;
  }
});
const CODE_FENCE = /^```(ts|typescript|js|javascript|mjs)\s*$/;
const SNIPPET_MARKER = /^<!-- snippet: (examples\/snippets\/[\w.-]+) -->$/;
const GATEWAY_MARKER = '<!-- needs a running gateway -->';

interface CodeBlock {
  readme: string;
  line: number;
  marker: string;
  code: string;
}

function codeBlocks(readme: string): CodeBlock[] {
  const lines = readFileSync(join(repoRoot, readme), 'utf8').split('\n');
  const blocks: CodeBlock[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    if (!CODE_FENCE.test(lines[index] ?? '')) continue;
    const end = lines.indexOf('```', index + 1);
    const marker =
      lines
        .slice(0, index)
        .reverse()
        .find((line) => line.trim() !== '') ?? '';
    blocks.push({ readme, line: index + 1, marker: marker.trim(), code: lines.slice(index + 1, end).join('\n') });
    index = end;
  }
  return blocks;
}

const blocks = READMES.flatMap(codeBlocks);
const snippetBlocks = blocks.filter((block) => block.marker !== GATEWAY_MARKER);

describe('README code blocks', () => {
  it('finds the blocks', () => {
    expect(snippetBlocks.length).toBeGreaterThan(5);
  });

  it.each(snippetBlocks.map((block) => [`${block.readme}:${block.line}`, block] as const))(
    '%s is a snippet file, verbatim',
    (_, block) => {
      const path = SNIPPET_MARKER.exec(block.marker)?.[1];
      expect(path, `add <!-- snippet: examples/snippets/<file> --> above ${block.readme}:${block.line}`).toBeDefined();
      expect(block.code).toBe(readFileSync(join(repoRoot, path!), 'utf8').trimEnd());
    },
  );

  it('every snippet file is shown in a README', () => {
    const shown = new Set(snippetBlocks.map((block) => SNIPPET_MARKER.exec(block.marker)?.[1]));
    const files = readdirSync(join(repoRoot, 'examples/snippets')).map((file) => `examples/snippets/${file}`);
    expect(files.filter((file) => !shown.has(file))).toEqual([]);
  });
});

describe('README snippets run as written', () => {
  const files = readdirSync(join(repoRoot, 'examples/snippets'));
  it.each(files)('%s', async (file) => {
    const module: unknown = await import(
      /* @vite-ignore */ pathToFileURL(join(repoRoot, 'examples/snippets', file)).href
    );
    expect(module).toBeDefined();
  });
});
