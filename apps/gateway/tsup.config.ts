import { defineConfig } from 'tsup';

/** The gateway bundles the workspace libraries from source, so starting it builds one package. */
export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  clean: true,
  target: 'node20',
  platform: 'node',
  sourcemap: true,
  noExternal: [/^@interlingua\//],
  esbuildOptions(options) {
    options.conditions = ['@interlingua/source'];
  },
  // Bundled CommonJS dependencies call `require`; give the ESM bundle one.
  banner: { js: "#!/usr/bin/env node\nimport { createRequire as createRequireForBundle } from 'node:module';\nconst require = createRequireForBundle(import.meta.url);" },
});
