import { isAscii, isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import { IrError } from '@interlingua/ir';

/** The 413 of a request body over `maxBytes`. */
export function requestTooLarge(maxBytes: number): IrError {
  return new IrError({
    kind: 'request-too-large',
    message: `Request body is larger than the limit of ${maxBytes} bytes`,
    source: 'gateway',
  });
}

/**
 * Reads a (JSON) request body: bytes that are not UTF-8 are a 400, more than `maxBytes` a 413 as
 * soon as it is exceeded. Reading then stops: the answer drains what is left, within a bound
 * (`ResponseSink.send`).
 */
export function readBody(request: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const tooLarge = (): IrError => requestTooLarge(maxBytes);
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
      const body = soleChunk(chunks) ?? Buffer.concat(chunks, size);
      settle(() =>
        isUtf8(body)
          ? resolve(body)
          : reject(
              new IrError({
                kind: 'invalid-request',
                message: 'The request body is not valid UTF-8: JSON bodies must be encoded as UTF-8',
                source: 'gateway',
              }),
            ),
      );
    });
    request.once('error', (error) =>
      settle(() =>
        reject(
          new IrError({
            kind: 'invalid-request',
            message: `Could not read the request body: ${error.message}`,
            source: 'gateway',
          }),
        ),
      ),
    );
    request.once('aborted', () =>
      settle(() =>
        reject(new IrError({ kind: 'invalid-request', message: 'The request body was cut short', source: 'gateway' })),
      ),
    );
  });
}

/**
 * The body when it came in one chunk that owns its memory (Node's HTTP parser gives each chunk its
 * own): kept as it is instead of copied. A view into a larger buffer is copied, so as not to keep
 * that buffer alive with the request.
 */
function soleChunk(chunks: readonly Buffer[]): Buffer | undefined {
  const [only] = chunks;
  return chunks.length === 1 && only && only.byteOffset === 0 && only.byteLength === only.buffer.byteLength
    ? only
    : undefined;
}

/**
 * A (UTF-8) body as text. An ASCII body, nearly every JSON request, is read as Latin-1: the same
 * characters, decoded about a third faster than UTF-8 (64 KB: ~6 µs against ~9 µs).
 */
export function bodyText(body: Buffer): string {
  return isAscii(body) ? body.toString('latin1') : body.toString('utf8');
}
