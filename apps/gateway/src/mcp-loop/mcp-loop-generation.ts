import type { IrRequest, IrResponse } from '@interlingua/ir';
import type { GatewayKey } from '../auth/api-keys.js';
import { callCost } from '../accounting/call-cost.js';
import { irRequestForTarget } from '../call/ir-request-for-target.js';
import { startStreamGuard } from '../call/stream-guard.js';
import { defaultCallOps } from '../plan/default-call-ops.js';
import { sealingFor } from '../reasoning/reasoning-call.js';
import type { CarrierSealing } from '../reasoning/seal-answer.js';
import { sendTranslatedResponse } from '../call/ir-stream-writer.js';
import type { McpConfig } from '../config/mcp-schema.js';
import type { CallOutcome, GenerationRequest, GenerationRun } from '../context/generation-call.js';
import type { RequestContext } from '../context/request-context.js';
import { asIrError } from '../http/style-errors.js';
import type { McpAccountingRuntime } from '../mcp/mcp-accounting.js';
import type { McpUpstreams } from '../mcp/mcp-upstreams.js';
import { itemId } from './approvals.js';
import { offeredName } from './history-rewrite.js';
import { innerModelCall, LoopStreamEnded } from './inner-call.js';
import { checkLoopLimits, holdLoopSpend, type LoopLimitsScope } from './loop-limits.js';
import { LoopLedger } from './loop-ledger.js';
import { splitServers } from './loop-servers.js';
import { LoopStream } from './loop-stream.js';
import { callServerTool, readyServer, viewOf, type ReadyServer } from './loop-tools.js';
import type { LoopBounds, LoopDeps } from './loop-types.js';
import { runToolLoop } from './tool-loop.js';
import { sumUsage } from './loop-usage.js';

/** What the loop reads of the gateway: its MCP servers and bounds, the key's limits, and what a call is accounted with. */
export interface McpLoopScope extends LoopLimitsScope {
  mcp?: McpUpstreams;
  config: LoopLimitsScope['config'] & { mcp: Pick<McpConfig, 'loop' | 'limits'> };
  ops: { runtime: McpAccountingRuntime & LoopLimitsScope['ops']['runtime'] };
}

/**
 * The seam of the MCP tool loop: a request handing the model an MCP server the gateway serves
 * (by label or by its own `/mcp` URL) has the loop run here, on any upstream; any other request
 * goes on through `next` unchanged (servers that are not the gateway's pass to a same-family
 * upstream, or are dropped with a warning).
 */
export function runMcpLoopGeneration(
  scope: McpLoopScope,
  context: RequestContext,
  key: GatewayKey,
  request: GenerationRequest,
  run: GenerationRun,
  next: () => Promise<void>,
): Promise<void> {
  // A request that names no MCP server goes straight on: no async frame of its own on the fast path.
  if (!mayCarryMcp(request)) return next();
  return runWithServedServers(scope, context, key, request, run, next);
}

/** The loop when the gateway serves one of the servers named; otherwise `next`. */
async function runWithServedServers(
  ...[scope, context, key, request, run, next]: Parameters<typeof runMcpLoopGeneration>
): Promise<void> {
  const warnings = run.outcome.warnings;
  const ir = irRequestForTarget(request, run);
  const split = splitServers(ir.mcpServers ?? [], scope.mcp, key, hostOf(request.headers.host));
  if (split.served.length === 0) {
    // Without the loop the request goes on as before: no decoding warnings on a body forwarded as is.
    run.outcome.warnings = warnings;
    return next();
  }
  const ledger = new LoopLedger(scope.ops.runtime, context, key, request);
  const signal = run.signal.asAbortSignal();
  const setting = {
    grant: key.mcp,
    limits: scope.config.mcp.limits,
    callerAuthorization: request.headers.authorization,
    record: ledger.tool,
  };
  const servers = await Promise.all(split.served.map((served) => readyServer(served, viewOf(served, setting), signal)));
  const { mcpServers: _all, ...rest } = ir;
  const base: IrRequest = split.others.length > 0 ? { ...rest, mcpServers: split.others } : rest;
  const stream = request.stream ? new LoopStream(request, run, ir.includeStreamUsage === true) : undefined;
  // One guard for the whole answer: keep-alives while tools run, the stream's longest duration.
  const stopGuard = stream && guardStream(request, run, stream);
  try {
    const answer = await runToolLoop(
      base,
      servers,
      loopBounds(scope.config.mcp.loop),
      loopDeps(scope, context, key, request, run, servers, ledger, stream),
    );
    run.outcome.warn(answer.warnings);
    run.outcome.used(answer.response.usage);
    ledger.settle();
    const choice = answer.response.choices[0];
    if (!stream) return await sendTranslatedResponse(request, run, answer.response, answerSealing(request, run));
    const finish = choice?.finishReason ?? { unified: 'stop', raw: null };
    run.outcome.finished(finish.raw ?? finish.unified);
    await stream.finish(finish, answer.response.usage, async (whole) => request.hooks.onIrResponse?.(whole));
  } catch (error) {
    if (error instanceof LoopStreamEnded || run.signal.callerLeft()) return run.sink.end();
    if (!stream || !run.sink.committed) throw error;
    await stream.fail((run.signal.stopReason() ?? asIrError(error)).data);
  } finally {
    stopGuard?.();
  }
}

/** How foreign reasoning in the whole answer is sealed for the caller: as the last model call's target would. */
function answerSealing(request: GenerationRequest, run: GenerationRun): CarrierSealing | undefined {
  const target = run.outcome.target;
  if (!request.reasoning || target?.adapter.kind !== 'http') return undefined;
  return sealingFor(request.reasoning, target.adapter.wire(target.settings, target.upstreamModel));
}

function guardStream(request: GenerationRequest, run: GenerationRun, stream: LoopStream): () => void {
  const { sink, signal } = run;
  const streams = (request.ops ?? defaultCallOps()).streams;
  return startStreamGuard({ sink, framer: request.framer, signal, commit: () => stream.commit() }, streams, (reason) =>
    run.abort(reason),
  );
}

/** Whether the request may hand the model MCP servers (a Responses `mcp` tool, Anthropic `mcp_servers`, or prepared IR with servers). */
function mayCarryMcp(request: Pick<GenerationRequest, 'json' | 'preparedIr'>): boolean {
  if (request.preparedIr) return (request.preparedIr.ir.mcpServers?.length ?? 0) > 0;
  const { json } = request;
  if (Array.isArray(json.mcp_servers) && json.mcp_servers.length > 0) return true;
  return Array.isArray(json.tools) && json.tools.some((tool) => (tool as { type?: unknown } | null)?.type === 'mcp');
}

function hostOf(host: string | string[] | undefined): string | undefined {
  return Array.isArray(host) ? host[0] : host;
}

function loopBounds(config: McpConfig['loop']): LoopBounds {
  return {
    maxIterations: config.maxIterations,
    timeoutMs: config.timeoutSeconds * 1000,
    maxResultBytes: config.maxResultBytes,
  };
}

const LOOP_OUT_OF_TIME = 'The MCP tool loop ran out of time (mcp.loop.timeoutSeconds)';

/** The loop's model calls (through `runGeneration`, each a row and a span), tool calls (through the MCP room) and stream. */
function loopDeps(
  scope: LoopLimitsScope,
  context: RequestContext,
  key: GatewayKey,
  request: GenerationRequest,
  run: GenerationRun,
  servers: readonly ReadyServer[],
  ledger: LoopLedger,
  stream: LoopStream | undefined,
): LoopDeps {
  const byLabel = new Map(servers.map((server) => [server.label, server]));
  const mcpTools = new Set(
    servers.flatMap((server) => server.tools.map((tool) => offeredName(server.label, tool.name))),
  );
  const signal = run.signal.asAbortSignal();
  let last: IrResponse | undefined;
  const head = (): IrResponse =>
    last ?? { id: itemId('mcp'), model: request.model, created: Math.floor(Date.now() / 1000), choices: [] };
  return {
    callModel: async (ir, iteration, deadline) => {
      if (iteration > 1) await checkLoopLimits(scope, key);
      const started = performance.now();
      const live = stream && { loop: stream, mcpTools, caller: run.sink };
      const onOutcome = (outcome: CallOutcome, status: number): void => {
        // The call's ledger row and the request's log line say the call was one of the loop's.
        if (outcome.path) outcome.took(`mcp-loop:${outcome.path}`);
        ledger.modelCall(outcome, status, started);
        noteInnerCall(run.outcome, outcome);
        context.tracked?.trace?.recordChild({
          name: `mcp_loop iteration ${iteration}`,
          attributes: { 'interlingua.mcp_loop.iteration': iteration, 'interlingua.mcp_loop.status': status },
          durationMs: performance.now() - started,
          ...(status >= 400 ? { error: outcome.lastError?.kind ?? 'error' } : {}),
        });
      };
      const call = await innerModelCall(request, run, ir, live, onOutcome, deadline);
      await holdLoopSpend(
        scope,
        context.tracked,
        key,
        call.outcome.usage,
        callCost({ outcome: call.outcome, ...(request.ops ? { ops: request.ops } : {}) }),
      );
      last = call.response;
      return call.response;
    },
    callTool: async (label, tool, argumentsJson, deadline) => {
      const server = byLabel.get(label);
      if (!server) return { error: `No MCP server "${label}" in this request` };
      const outOfTime = new AbortController();
      const timer = setTimeout(() => outOfTime.abort(new Error(LOOP_OUT_OF_TIME)), Math.max(0, deadline - Date.now()));
      try {
        return await callServerTool(server.view, tool, argumentsJson, AbortSignal.any([signal, outOfTime.signal]));
      } finally {
        clearTimeout(timer);
      }
    },
    ...(stream ? { emit: (part) => stream.emit(part, head) } : {}),
    now: Date.now,
  };
}

/**
 * The request's outcome after one model call of the loop: its target, path, warnings and last
 * failure, and the usage so far (what the key is charged when the caller leaves mid-loop).
 */
function noteInnerCall(outer: CallOutcome, inner: CallOutcome): void {
  outer.attempted(inner.target);
  outer.used(sumUsage(outer.usage, inner.usage));
  if (inner.path) outer.took(inner.path);
  outer.warn(inner.warnings.filter((warning) => !outer.warnings.some((seen) => seen.message === warning.message)));
  if (inner.lastError) outer.failed(inner.lastError);
  if (inner.responseModel) outer.answered({ model: inner.responseModel });
}
