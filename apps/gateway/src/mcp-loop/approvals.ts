import { randomBytes } from 'node:crypto';
import { invalidRequest, type IrMcpApprovalRequestPart, type IrMcpCallPart, type IrMessage } from '@interlingua/ir';
import type { SettledApproval } from './history-rewrite.js';
import type { LoopServer, ToolAnswer } from './loop-types.js';

/** A new id for an item the gateway makes (`mcp_…` calls, `mcpr_…` approval requests). */
export function itemId(prefix: 'mcp' | 'mcpr'): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

/** Whether a call of `tool` waits for the caller's approval (`requireApproval` absent = always). */
export function needsApproval(server: Pick<LoopServer, 'requireApproval'>, tool: string): boolean {
  const rule = server.requireApproval;
  if (rule === undefined || rule === 'always') return true;
  if (rule === 'never') return false;
  if (rule.never?.includes(tool)) return false;
  return true;
}

/** An approval request the caller answered in this turn, not yet run. */
export interface AnsweredApproval {
  request: IrMcpApprovalRequestPart;
  approve: boolean;
  reason?: string;
}

/**
 * The approval requests of the history the caller answered (`mcp-approval-response` in a user
 * turn) and that no later `mcp-call` ran yet, for the servers the gateway runs. An answer naming
 * no request of the conversation is the caller's mistake (400).
 */
export function answeredApprovals(messages: readonly IrMessage[], servers: ReadonlySet<string>): AnsweredApproval[] {
  const requests = new Map<string, IrMcpApprovalRequestPart>();
  const ran = new Set<string>();
  const answers = new Map<string, { approve: boolean; reason?: string }>();
  for (const message of messages)
    for (const part of message.content) {
      if (part.type === 'mcp-approval-request') requests.set(part.id, part);
      else if (part.type === 'mcp-call' && part.approvalRequestId) ran.add(part.approvalRequestId);
      else if (part.type === 'mcp-approval-response')
        answers.set(part.approvalRequestId, { approve: part.approve, ...(part.reason ? { reason: part.reason } : {}) });
    }
  const answered: AnsweredApproval[] = [];
  for (const [id, answer] of answers) {
    const request = requests.get(id);
    if (!request)
      throw invalidRequest(`mcp_approval_response: no MCP approval request "${id}" is in the conversation`, 'input');
    if (ran.has(id) || !servers.has(request.server)) continue;
    answered.push({ request, ...answer });
  }
  return answered;
}

/**
 * Runs the approved calls and declines the others: each approved one gives an `mcp-call` part
 * (with `approvalRequestId`), and every answer is settled for the history the model reads.
 */
export async function settleApprovals(
  answered: readonly AnsweredApproval[],
  callTool: (server: string, tool: string, argumentsJson: string) => Promise<ToolAnswer>,
): Promise<{ calls: IrMcpCallPart[]; settled: Map<string, SettledApproval> }> {
  const calls: IrMcpCallPart[] = [];
  const settled = new Map<string, SettledApproval>();
  for (const { request, approve, reason } of answered) {
    if (!approve) {
      settled.set(request.id, {
        declined: `The user declined this call of ${request.name}${reason ? `: ${reason}` : ''}`,
      });
      continue;
    }
    const answer = await callTool(request.server, request.name, request.argumentsJson);
    settled.set(request.id, answer);
    calls.push({
      type: 'mcp-call',
      id: itemId('mcp'),
      server: request.server,
      name: request.name,
      argumentsJson: request.argumentsJson,
      ...answer,
      approvalRequestId: request.id,
    });
  }
  return { calls, settled };
}
