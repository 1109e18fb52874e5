import { cpSync, existsSync } from 'node:fs';
import { defineConfig } from 'tsup';

const consoleBuild = new URL('../console/dist/', import.meta.url);

/**
 * The gateway bundles the workspace libraries from source, so starting it builds one package; the
 * console's built files (without their source maps) are copied to `<outDir>/console`, where the
 * gateway serves them from, so the published package carries the console.
 */
export default defineConfig((options) => {
  const outDir = options.outDir ?? 'dist';
  return {
    entry: ['src/main.ts'],
    format: ['esm'],
    clean: true,
    target: 'node20',
    platform: 'node',
    sourcemap: true,
    outDir,
    noExternal: [/^@interlingua\//],
    esbuildOptions(esbuild) {
      esbuild.conditions = ['@interlingua/source'];
    },
    // Bundled CommonJS dependencies call `require`; give the ESM bundle one.
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as createRequireForBundle } from 'node:module';\nconst require = createRequireForBundle(import.meta.url);",
    },
    onSuccess: async () => {
      if (existsSync(consoleBuild))
        cpSync(consoleBuild, `${outDir}/console`, { recursive: true, filter: (source) => !source.endsWith('.map') });
    },
  };
});
