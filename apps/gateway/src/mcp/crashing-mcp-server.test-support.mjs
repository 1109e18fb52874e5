// A stdio MCP server for tests: `alive` answers, `crash` ends the process at once (as a crash would).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const server = new McpServer({ name: 'crashing', version: '1.0.0' });
server.registerTool('alive', {}, () => ({ content: [{ type: 'text', text: `pid ${process.pid}` }] }));
server.registerTool('crash', {}, () => process.exit(3));
await server.connect(new StdioServerTransport());
