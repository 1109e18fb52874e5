import { defineConfig } from 'tsup';

/** The build of every published library: ESM and `.d.ts` from `src/index.ts`. */
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  target: 'node20',
  sourcemap: true,
});
