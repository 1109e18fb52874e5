import { once } from 'node:events';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Counts the writes that reach the socket (one per system call; corked chunks travel together). */
export function countSocketWrites(socket: Socket): () => number {
  let calls = 0;
  const write = socket._write.bind(socket);
  socket._write = (chunk, encoding, callback) => {
    calls++;
    write(chunk, encoding, callback);
  };
  const writev = socket._writev?.bind(socket);
  if (writev) {
    socket._writev = (chunks, callback) => {
      calls++;
      writev(chunks, callback);
    };
  }
  return () => calls;
}

/** Servers started by `serve`: a test file closes them after each test with `closeServedServers`. */
const servedServers: Server[] = [];

export function closeServedServers(): void {
  for (const server of servedServers.splice(0)) server.close();
}

export interface ServedAnswer {
  status: number;
  contentType: string | undefined;
  body: string;
}

/**
 * Serves one request with `handler` on a loopback server, reads the answer (after `readAfter`
 * when given). A handler that fails ends the connection, and its error is what the test reports
 * (no hanging client). `handler` also gets the count of the socket's writes.
 */
export async function serve(
  handler: (response: ServerResponse, socketWrites: () => number) => Promise<void>,
  readAfter?: Promise<void>,
): Promise<ServedAnswer> {
  let failure: unknown;
  const server = createServer((_request, response) => {
    handler(response, countSocketWrites(response.socket as Socket)).catch((error: unknown) => {
      failure = error;
      response.destroy();
    });
  });
  servedServers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  try {
    const response = await new Promise<IncomingMessage>((resolve, reject) =>
      httpRequest({ host: '127.0.0.1', port, path: '/', method: 'POST' }, resolve).on('error', reject).end(),
    );
    await readAfter;
    let body = '';
    for await (const chunk of response) body += String(chunk);
    if (failure !== undefined) throw failure;
    return { status: response.statusCode ?? 0, contentType: response.headers['content-type'], body };
  } catch (error) {
    throw failure ?? error;
  }
}
