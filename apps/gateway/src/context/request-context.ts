import type { IrError } from '@interlingua/ir';
import type { GatewayKey } from '../auth/api-keys.js';
import type { AnswerSink } from '../http/response-sink.js';
import type { TrackedRequest } from '../observe/request-observer.js';
import type { RequestStop } from './request-stop.js';

/**
 * One request as every step sees it: made once, by admission, and passed down as an argument
 * (route handler, call, observer). Nothing about a request is kept anywhere else.
 */
export interface RequestContext {
  requestId: string;
  url: URL;
  sink: AnswerSink;
  /** Aborted when the client closes the connection before the answer ended, or by `abort`. */
  signal: RequestStop;
  /** Stops the request: `signal` aborts with `reason` (the gateway's own, an `IrError`), or as the client leaving without one. */
  abort(reason?: IrError): void;
  /** The caller's key, authenticated once by admission (every API endpoint). */
  key?: GatewayKey;
  /** The request's log line, metrics and usage charge, followed until the connection closes (API endpoints). */
  tracked?: TrackedRequest;
}
