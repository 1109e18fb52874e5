// Builds the console into dist/: one script, one stylesheet (uPlot's included) and the page.
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));
const out = join(root, 'dist');
await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
await build({
  entryPoints: { app: join(root, 'src', 'main.ts') },
  bundle: true,
  format: 'esm',
  target: ['chrome120', 'firefox120', 'safari17'],
  minify: true,
  sourcemap: true,
  outdir: out,
  logLevel: 'warning',
});
await copyFile(join(root, 'src', 'index.html'), join(out, 'index.html'));
