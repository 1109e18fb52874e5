import type { GatewayKey } from '../auth/api-keys.js';
import { callCost } from '../accounting/call-cost.js';
import { recordLedgerRow } from '../accounting/ledger-entry.js';
import type { CallOutcome, GenerationRequest } from '../context/generation-call.js';
import type { RequestContext } from '../context/request-context.js';
import { toolCallRecorder, type McpAccountingRuntime } from '../mcp/mcp-accounting.js';
import type { ToolCallRecord } from '../mcp/mcp-view.js';

/**
 * The loop's accounting: every model call of the loop is a ledger row of its own (its target,
 * path, usage and cost, under the request's id), every tool call one too (through the MCP room's
 * recorder: row, log line, span). The request's own row is then not written (its usage is the
 * sum of those rows); the key is still charged the summed usage once, by the observer, and the
 * answer's last bytes wait for the rows' journal writes.
 */
export class LoopLedger {
  private readonly writes: Promise<void>[] = [];
  private readonly recordTool: (call: ToolCallRecord) => void;
  private toolsRecorded = false;
  private modelRows = 0;

  constructor(
    private readonly runtime: McpAccountingRuntime,
    private readonly context: RequestContext,
    private readonly key: GatewayKey,
    private readonly request: Pick<GenerationRequest, 'model' | 'inbound' | 'stream' | 'ops'>,
  ) {
    this.recordTool = toolCallRecorder(runtime, context, key);
  }

  /** The recorder the loop's MCP views hand each tool call to. */
  readonly tool = (call: ToolCallRecord): void => {
    this.toolsRecorded = true;
    this.recordTool(call);
  };

  /** One model call of the loop, begun at `started` (`performance.now()`), over now with `status`. */
  modelCall(outcome: CallOutcome, status: number, started: number): void {
    const ledger = this.runtime.ledger;
    if (!ledger) return;
    const { model, inbound, stream, ops } = this.request;
    const call = { model, inbound, stream, outcome, ...(ops ? { ops } : {}) };
    const observed = {
      requestId: this.context.requestId,
      endpoint: this.context.tracked?.endpoint ?? inbound.wire,
      started,
    };
    const written = recordLedgerRow(
      ledger,
      { ...observed, key: { id: this.key.id, name: this.key.name }, call },
      { status, latencyMs: performance.now() - started, usage: outcome.usage, cost: callCost(call) },
    );
    this.modelRows++;
    if (written) this.writes.push(written);
    this.settle();
  }

  /** Once a model call has its row, the request's own row is not written; the last bytes wait for every row. */
  settle(): void {
    const tracked = this.context.tracked;
    if (!tracked || this.modelRows === 0) return;
    const sink = this.context.sink;
    // The tool recorder's wait (or this one's, which holds it) once a tool call was recorded; else the observer's own row.
    const tools = this.toolsRecorded ? sink.beforeLastBytes : undefined;
    tracked.ledgerRowRecorded = true;
    const writes = this.writes;
    sink.beforeLastBytes = (status) => Promise.all([tools?.(status), ...writes]).then(() => undefined);
  }
}
