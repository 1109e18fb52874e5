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
  banner: { js: '#!/usr/bin/env node' },
});
