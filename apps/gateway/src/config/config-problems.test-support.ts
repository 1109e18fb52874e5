import { ConfigError, parseConfigText } from './load-config.js';

/** The problems `parseConfigText` reports for a config text, or none when it is accepted. */
export function problemsOf(text: string, env: NodeJS.ProcessEnv = {}): string[] {
  try {
    parseConfigText(text, 'test.yaml', env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}
