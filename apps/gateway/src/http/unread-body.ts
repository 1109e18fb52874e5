import type { IncomingMessage, ServerResponse } from 'node:http';

/** Most of an unread request body taken in (and dropped) after an early answer, before the socket closes. */
export const DRAIN_MAX_BYTES = 4 * 1024 * 1024;
/** Longest wait for the client to finish sending an unread body after an early answer. */
export const DRAIN_MAX_MS = 2_000;

/**
 * Ends an answer written while the request body was still arriving (a 413, or any error given
 * before the body was read). Closing at once would leave the client's bytes unread, and the
 * reset that follows makes many clients fail with EPIPE before they read the answer. So the
 * answer goes out first (with `Connection: close`), then the rest of the body is read and
 * dropped, up to `DRAIN_MAX_BYTES` or `DRAIN_MAX_MS`, and only then is the answer ended (which
 * closes the connection).
 */
export function endAfterBoundedDrain(request: IncomingMessage, response: ServerResponse): void {
  let drained = 0;
  const finish = (): void => {
    clearTimeout(timer);
    request.off('data', onData);
    request.off('end', finish);
    request.off('close', finish);
    response.end();
  };
  const onData = (chunk: Buffer): void => {
    drained += chunk.length;
    if (drained > DRAIN_MAX_BYTES) finish();
  };
  const timer = setTimeout(finish, DRAIN_MAX_MS);
  timer.unref();
  request.on('data', onData);
  request.once('end', finish);
  request.once('close', finish);
  request.resume();
}

/** Whether the request's body has not been received in full (an answer given now comes early). */
export function bodyStillArriving(request: IncomingMessage | undefined): request is IncomingMessage {
  return request !== undefined && !request.complete && !request.destroyed;
}
