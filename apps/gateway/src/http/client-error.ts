import { STATUS_CODES, maxHeaderSize } from 'node:http';
import type { Duplex } from 'node:stream';
import { IrError } from '@interlingua/ir';
import { errorCodecForPath } from './style-errors.js';

/** What Node's HTTP parser reports on a `clientError`. */
export type ClientError = Error & { code?: string; rawPacket?: Buffer };

/** The refusal written for a request Node could not parse: status and the log's reason. */
export interface ClientErrorAnswer {
  status: number;
  path: string;
  code: string;
}

const REQUEST_LINE = /^[A-Z]+ ([^ ?\r\n]*)/;

/**
 * Answers a request that Node's HTTP parser refused (headers or query string over
 * `maxHeaderSize`, a header timeout, a malformed request) with a JSON error in the style its path
 * implies, then closes the connection. Node's own answer is a bare status with an empty body.
 * Returns undefined when nothing can be written (the client is gone).
 */
export function answerClientError(
  error: ClientError,
  socket: Duplex,
  headerLimit = maxHeaderSize,
): ClientErrorAnswer | undefined {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return undefined;
  }
  const path = REQUEST_LINE.exec(error.rawPacket?.subarray(0, 2048).toString('latin1') ?? '')?.[1] ?? '/';
  const { status, message } = describe(error, headerLimit);
  const irError = new IrError({
    kind: status === 408 ? 'timeout' : 'invalid-request',
    status,
    message,
    code: error.code ?? null,
    source: 'gateway',
  });
  const { body } = errorCodecForPath(path, {}).error.fromIr(irError.data);
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\ncontent-type: application/json\r\nx-content-type-options: nosniff\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
  );
  return { status, path, code: error.code ?? 'unknown' };
}

function describe(error: ClientError, headerLimit: number): { status: number; message: string } {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      message: `The request line and headers are larger than the ${headerLimit} bytes this server accepts: shorten the query string or the headers`,
    };
  }
  if (error.code === 'HPE_HEADERS_TIMEOUT' || error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, message: 'The request headers did not arrive in time' };
  return { status: 400, message: `The request is not valid HTTP/1.1 (${error.code ?? error.message})` };
}
