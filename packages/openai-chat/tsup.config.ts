import { defineConfig } from 'tsup';
import { perModuleLibrary } from '../../tsup.library.js';

/** One module per source module, with the `./internal` entry's types beside the public ones. */
export default defineConfig(perModuleLibrary({ index: 'src/index.ts', internal: 'src/internal.ts' }));
