import { defineConfig } from 'tsup';

/** The build of every published library: ESM and `.d.ts` from `src/index.ts`. */
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  // Types of other workspace packages come from their built `.d.ts`, never from their sources.
  dts: { compilerOptions: { customConditions: [] } },
  clean: true,
  target: 'node20',
  sourcemap: true,
});
