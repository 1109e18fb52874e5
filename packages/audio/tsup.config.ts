import { defineConfig } from 'tsup';
import library from '../../tsup.library.js';

/**
 * The shared library build, with the `./internal` entry beside the public one. No shared chunks:
 * the public entry stays one file, as a bundler met it before the internal entry existed.
 */
export default defineConfig({
  ...library,
  entry: { index: 'src/index.ts', internal: 'src/internal.ts' },
  splitting: false,
});
