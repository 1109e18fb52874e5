import type { IrRequest, IrResponse } from '@interlingua/ir';
import type { RequestHead } from '../../http/request-head.js';
import type { EndpointName } from '../../config/operations-schema.js';
import type { CallTrace } from '../../context/call-trace.js';
import type { ObservedCall } from '../../context/observed-call.js';
import type { FinishedRequest } from './span-attributes.js';

/** Starts one trace per API request; present on the runtime only when tracing is on. */
export interface RequestTracer {
  /** Message contents go on request spans (the operator opted in). */
  readonly capturesContent: boolean;
  startRequest(request: RequestHead, endpoint: EndpointName): RequestTrace;
  /** Sends the spans ended so far. */
  flush(): Promise<void>;
  /** Sends what is left and stops exporting. */
  shutdown(): Promise<void>;
}

/** The request's span and its attempts' spans. */
export interface RequestTrace extends CallTrace {
  /** The call the request runs (its outcome is read when attempts end). */
  follow(call: ObservedCall): void;
  /**
   * Where the request's messages are read from when contents are captured: the request in IR
   * (read when the span ends) and, once complete, the answer in IR.
   */
  followContent(input: () => IrRequest | undefined): (answer: IrResponse) => void;
  /** Records a finished operation of the request (an MCP tool call) as a child span of the request's. */
  recordChild(child: ChildSpan): void;
  /** Ends the request's span (after the last byte, or when the client left). */
  end(finished: Omit<FinishedRequest, 'chain'>): void;
}

/** An operation within a request, over when recorded: its span name, attributes, duration and error type if it failed. */
export interface ChildSpan {
  name: string;
  attributes: Record<string, string | number | boolean>;
  durationMs: number;
  error?: string | undefined;
}
