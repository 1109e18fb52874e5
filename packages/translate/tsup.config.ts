import { defineConfig } from 'tsup';
import library from '../../tsup.library.js';

/** The shared library build, with one entry per subpath export (`core` and each style). */
export default defineConfig({
  ...library,
  entry: {
    index: 'src/index.ts',
    core: 'src/core.ts',
    'openai-chat': 'src/styles/openai-chat.ts',
    'openai-responses': 'src/styles/openai-responses.ts',
    'anthropic-messages': 'src/styles/anthropic-messages.ts',
    gemini: 'src/styles/gemini.ts',
  },
});
