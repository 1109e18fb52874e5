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

/** Polls `path` until it answers 200; returns the milliseconds since `started`. */
export async function waitFor(base, path, started, describe) {
  for (;;) {
    const ok = await fetch(`${base}${path}`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) return performance.now() - started;
    if (performance.now() - started > 60_000) throw new Error(`no ${path} 200 within 60 s:\n${describe()}`);
    await new Promise((wait) => setTimeout(wait, 5));
  }
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

/**
 * Runs `action`, then every cleanup in order whatever happened. A failed cleanup never hides the
 * failure that came before it: with one failure that error is thrown; with several, one error
 * whose message lists them all, the action's first, each cleanup's after it (`cause`: the first).
 */
export async function withCleanup(action, ...cleanups) {
  const failures = [];
  let result;
  try {
    result = await action();
  } catch (error) {
    failures.push(error);
  }
  for (const cleanup of cleanups) {
    try {
      await cleanup();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length === 0) return result;
  if (failures.length === 1) throw failures[0];
  const text = (error) => (error instanceof Error ? error.message : String(error));
  throw new Error(
    [text(failures[0]), ...failures.slice(1).map((error) => `then, while cleaning up: ${text(error)}`)].join('\n'),
    { cause: failures[0] },
  );
}
