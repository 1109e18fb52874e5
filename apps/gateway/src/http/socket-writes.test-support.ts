import type { Socket } from 'node:net';

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
