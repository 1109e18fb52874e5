import { fork } from 'node:child_process';
import { once } from 'node:events';
import process from 'node:process';
import { setTimeout } from 'node:timers';
import { fileURLToPath } from 'node:url';

/**
 * The child processes of a run: the loopback upstream and the two floors (forked, with IPC), each
 * in its own process so its CPU and memory can be read from /proc.
 *
 * @typedef {'direct' | 'gateway' | 'gateway-workers' | 'gateway-fresh' | 'gateway-otel' | 'gateway-http' | 'gateway-ws' | 'express-floor' | 'node-floor'} TargetName
 *
 * @typedef {object} Target
 * @property {TargetName} name
 * @property {string} origin `http://127.0.0.1:<port>`
 * @property {number | undefined} pid The proxy's process (undefined for direct).
 * @property {() => Promise<void>} stop
 *
 * @typedef {object} Upstream
 * @property {string} origin
 * @property {number} pid
 * @property {(profile: import('./upstream-server.mjs').StreamProfile) => Promise<void>} setProfile
 * @property {() => Promise<{ requests: number; active: number; maxActive: number }>} stats Also resets the max.
 * @property {() => Promise<void>} stop
 */

/** Every child still running, killed when the bench exits however it exits. */
const running = new Set();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Forks a module of this app and waits for its `listening` message.
 * @param {string} relativePath
 * @param {string[]} args
 */
async function forkListening(relativePath, args) {
  const child = fork(fileURLToPath(new URL(relativePath, import.meta.url)), args, {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const [message] = /** @type {[{ type: string; port: number }]} */ (
    await Promise.race([
      once(child, 'message'),
      once(child, 'exit').then(() => Promise.reject(new Error(`${relativePath} exited before listening`))),
    ])
  );
  if (message.type !== 'listening')
    throw new Error(`${relativePath}: unexpected first message ${JSON.stringify(message)}`);
  return { child, origin: `http://127.0.0.1:${message.port}` };
}

/**
 * Stops a child: SIGTERM, then SIGKILL after `graceMs`.
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} [graceMs]
 */
export async function stopChild(child, graceMs = 5_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Sends a message and waits for the reply of the given type.
 * @param {import('node:child_process').ChildProcess} child
 * @param {unknown} message
 * @param {string} replyType
 */
async function ask(child, message, replyType) {
  const reply = new Promise((resolve) => {
    /** @param {{ type: string }} m */
    const onMessage = (m) => {
      if (m.type !== replyType) return;
      child.off('message', onMessage);
      resolve(m);
    };
    child.on('message', onMessage);
  });
  child.send(/** @type {import('node:child_process').Serializable} */ (message));
  return reply;
}

/** Starts the loopback upstream. @returns {Promise<Upstream>} */
export async function startUpstream() {
  const { child, origin } = await forkListening('./upstream-server.mjs', []);
  return {
    origin,
    pid: /** @type {number} */ (child.pid),
    setProfile: async (profile) => {
      await ask(child, { type: 'profile', profile }, 'profile-set');
    },
    stats: async () =>
      /** @type {{ stats: { requests: number; active: number; maxActive: number } }} */ (
        await ask(child, { type: 'stats' }, 'stats')
      ).stats,
    stop: () => stopChild(child),
  };
}

/**
 * Starts one of the bare floors in front of the upstream.
 * @param {'express-floor' | 'node-floor'} name
 * @param {string} upstreamOrigin
 * @returns {Promise<Target>}
 */
export async function startFloor(name, upstreamOrigin) {
  const file = name === 'express-floor' ? './floors/express-floor.mjs' : './floors/node-http-floor.mjs';
  const { child, origin } = await forkListening(file, [upstreamOrigin]);
  return { name, origin, pid: child.pid, stop: () => stopChild(child) };
}

/**
 * The upstream itself as a target (no proxy in between).
 * @param {Upstream} upstream
 * @returns {Target}
 */
export function directTarget(upstream) {
  return { name: 'direct', origin: upstream.origin, pid: undefined, stop: async () => undefined };
}

/**
 * Registers a spawned child so it is killed when the bench exits.
 * @param {import('node:child_process').ChildProcess} child
 */
export function trackChild(child) {
  running.add(child);
  child.once('exit', () => running.delete(child));
}
