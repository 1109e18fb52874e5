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
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        request.removeAllListeners('data');
        request.pause();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => {
      const body = Buffer.concat(chunks, size);
      if (isUtf8(body)) resolve(body);
      else reject(new IrError({ kind: 'invalid-request', message: 'The request body is not valid UTF-8: JSON bodies must be encoded as UTF-8', source: 'gateway' }));
    });
    request.on('error', (error) => reject(new IrError({ kind: 'invalid-request', message: `Could not read the request body: ${error.message}`, source: 'gateway' })));
    request.on('aborted', () => reject(new IrError({ kind: 'invalid-request', message: 'The request body was cut short', source: 'gateway' })));
  });
}
