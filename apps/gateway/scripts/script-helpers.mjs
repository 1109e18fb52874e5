// Helpers shared by the release checks in this folder (check-packed.mjs, check-container.mjs).
import { createServer } from 'node:net';

/** Runs one named step of a check and prints it with its duration. */
export async function step(name, action) {
  const started = Date.now();
  const result = await action();
  console.log(`ok  ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return result;
}

export function check(condition, message) {
  if (!condition) throw new Error(message);
}

/** A loopback TCP port free right now. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}
