import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

/** An upstream server that cannot be reached (not started, down, shut down): an internal error to the caller. */
export class McpUpstreamError extends McpError {
  constructor(message: string) {
    super(ErrorCode.InternalError, message);
    this.name = 'McpUpstreamError';
  }
}

/**
 * The one answer to a name a key may not use and to a name no server has: the caller cannot tell
 * a hidden tool, prompt or resource from one that does not exist.
 */
export function unknownName(kind: 'Tool' | 'Prompt' | 'Resource' | 'Resource template', name: string): McpError {
  return new McpError(ErrorCode.InvalidParams, `${kind} ${name} not found`);
}
