// A stdio MCP server for tests: its tool `notify` sends the list changes and the log message it is
// asked for on the connection, then answers (so the notices reach the client before the answer).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer(
  { name: 'notifier', version: '1.0.0' },
  {
    capabilities: {
      logging: {},
      tools: { listChanged: true },
      prompts: { listChanged: true },
      resources: { listChanged: true },
    },
  },
);
const notify = {
  inputSchema: {
    lists: z.array(z.enum(['tools', 'prompts', 'resources'])).default([]),
    level: z.enum(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']).optional(),
    data: z.string().default('note'),
  },
};
server.registerTool('notify', notify, async ({ lists, level, data }) => {
  for (const list of lists) await server.server.notification({ method: `notifications/${list}/list_changed` });
  if (level)
    await server.server.notification({ method: 'notifications/message', params: { level, logger: 'app', data } });
  return { content: [{ type: 'text', text: 'sent' }] };
});
server.registerPrompt('hello', {}, () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }] }));
server.registerResource('note', 'note://one', {}, (uri) => ({ contents: [{ uri: uri.href, text: 'one' }] }));
await server.connect(new StdioServerTransport());
