import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import { IrError } from '@interlingua/ir';

/**
 * Reads a (JSON) request body: bytes that are not UTF-8 are a 400, more than `maxBytes` a 413 as
 * soon as it is exceeded. Reading then stops: the answer drains what is left, within a bound
 * (`ResponseSink.send`).
 */
export function readBody(request: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const tooLarge = (): IrError =>
    new IrError({ kind: 'request-too-large', message: `Request body is larger than the limit of ${maxBytes} bytes`, source: 'gateway' });
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let size = 0;
    // The listeners stay on the request as long as its response: they must not keep the chunks.
    const settle = (outcome: () => void): void => {
      chunks = [];
      request.removeListener('data', onData);
      outcome();
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) {
        request.pause();
        settle(() => reject(tooLarge()));
        return;
      }
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.once('end', () => {
      const body = Buffer.concat(chunks, size);
      settle(() => (isUtf8(body) ? resolve(body) : reject(new IrError({ kind: 'invalid-request', message: 'The request body is not valid UTF-8: JSON bodies must be encoded as UTF-8', source: 'gateway' }))));
    });
    request.once('error', (error) => settle(() => reject(new IrError({ kind: 'invalid-request', message: `Could not read the request body: ${error.message}`, source: 'gateway' }))));
    request.once('aborted', () => settle(() => reject(new IrError({ kind: 'invalid-request', message: 'The request body was cut short', source: 'gateway' }))));
  });
}
