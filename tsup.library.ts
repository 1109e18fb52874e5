import { defineConfig, type Options } from 'tsup';

/** Types of other workspace packages come from their built `.d.ts`, never from their sources. */
const dtsFromBuiltPackages = { compilerOptions: { customConditions: [] } };

/** The build of every published library: ESM and `.d.ts` from `src/index.ts`. */
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: dtsFromBuiltPackages,
  clean: true,
  target: 'node20',
  sourcemap: true,
});

/**
 * The build of a library that browser bundles import: one `dist` module per source module, so a
 * bundler leaves out the modules nothing uses (the package's `sideEffects` lists the few that must
 * run) as it does from the sources. One bundled file would keep every schema it defines: a
 * bundler cannot tell that zod's schema builders have no side effects. Types are bundled per
 * entry, from `typedEntries` (name -> source file).
 */
export function perModuleLibrary(typedEntries: Record<string, string>): Options {
  return {
    entry: ['src/**/*.ts', '!src/**/*.test.ts', '!src/**/*.test-support.ts'],
    bundle: false,
    format: ['esm'],
    dts: { ...dtsFromBuiltPackages, entry: typedEntries },
    clean: true,
    target: 'node20',
    sourcemap: true,
  };
}
