import type { McpGrantView } from '../api.js';

/** What is typed in a key's MCP fields: server names and the globs of each kind, comma-separated. */
export interface McpGrantFields {
  servers: string;
  tools: string;
  prompts: string;
  resources: string;
}

/** The MCP grant typed in: none without servers; every tool, prompt or resource of a kind left empty. */
export function mcpGrant(fields: McpGrantFields): McpGrantView | undefined {
  const servers = splitList(fields.servers);
  if (servers.length === 0) return undefined;
  const globs = (text: string) => {
    const typed = splitList(text);
    return typed.length > 0 ? typed : ['*'];
  };
  return {
    servers,
    tools: globs(fields.tools),
    prompts: globs(fields.prompts),
    resources: globs(fields.resources),
  };
}

/** A grant as the keys table shows it: its servers, then each kind's globs that are not every name. */
export function mcpGrantText(grant: McpGrantView | undefined): string {
  if (!grant) return '—';
  const kinds = (['tools', 'prompts', 'resources'] as const).flatMap((kind) => {
    const globs = grant[kind] ?? ['*'];
    return globs.length === 1 && globs[0] === '*' ? [] : [`${kind} ${globs.join(', ')}`];
  });
  return [grant.servers.join(', '), ...kinds].join('; ');
}

export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}
