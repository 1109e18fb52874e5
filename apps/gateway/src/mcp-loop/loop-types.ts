import type { IrMcpAnswerPart, IrMcpServer, IrMcpToolInfo, IrRequest, IrResponse } from '@interlingua/ir';

/** One server of the request whose tools the gateway runs, with the tools the model may call. */
export interface LoopServer {
  /** The request's name for it (Responses `server_label`, Anthropic `name`). */
  label: string;
  requireApproval: IrMcpServer['requireApproval'];
  /** The tools offered (the key's grant and the request's `allowedTools` applied). */
  tools: IrMcpToolInfo[];
  /** Why the tools could not be listed; the server then offers none. */
  listError?: string;
}

/** A tool's answer as the loop feeds it back: its text, or why it failed. */
export type ToolAnswer = { output: string } | { error: string; errorCode?: number };

/** What the loop runs through: the model, the tools, the clock, and where finished MCP parts go. */
export interface LoopDeps {
  /** One model call; the request is the caller's with the MCP tools offered as functions. */
  callModel(request: IrRequest, iteration: number, deadline: number): Promise<IrResponse>;
  /**
   * One tool call of a server (by its label); never throws: a failure is an `error`. Both calls end
   * by `deadline` (ms, the loop's time bound): a model call cut there throws `LoopDeadlineReached`.
   */
  callTool(server: string, tool: string, argumentsJson: string, deadline: number): Promise<ToolAnswer>;
  /** Sees each MCP part once it is whole (a streamed answer writes it out). */
  emit?(part: IrMcpAnswerPart): void | Promise<void>;
  /** Milliseconds now (`Date.now` outside tests). */
  now(): number;
}

/** The loop's bounds (`mcp.loop`). */
export interface LoopBounds {
  maxIterations: number;
  timeoutMs: number;
  maxResultBytes: number;
}

/** Why a loop stopped before the model answered. */
export type LoopCutoff = 'max-iterations' | 'timeout';

/** A model call of the loop was stopped by the loop's time bound (`mcp.loop.timeoutSeconds`). */
export class LoopDeadlineReached extends Error {
  constructor() {
    super('The MCP tool loop ran out of time during a model call');
  }
}
