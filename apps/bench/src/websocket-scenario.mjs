import process from 'node:process';
import { setTimeout } from 'node:timers';
import { requireDependency } from './dependencies.mjs';
import { GATEWAY_KEY } from './request-bodies.mjs';
import { runScenario, toSample } from './run-scenario.mjs';
import { cpuTimeNs, peakRssBytes, resetPeakRss } from './proc-stats.mjs';

/** ws (the gateway's own WebSocket library). @type {typeof import('ws')} */
const ws = /** @type {typeof import('ws')} */ (requireDependency('ws'));

const TERMINAL = new Set(['response.completed', 'response.incomplete', 'response.failed', 'error']);

/**
 * The `websocket` scenarios: the same Responses turns sent to the gateway over HTTP
 * (`gateway-http`: one keep-alive connection per worker, `POST /v1/responses`, `stream: true`)
 * and over the Responses WebSocket mode (`gateway-ws`: one socket per worker, as Codex keeps
 * one, each turn a `response.create`, the next sent after the last one's final event): the HTTP
 * passes first, then as many WebSocket passes. Latency is the whole turn, time to first event
 * the first frame (or SSE event); the gateway's CPU is read over each measured window.
 *
 * @param {import('./scenarios.mjs').Scenario} scenario
 * @param {{ upstream: import('./server-processes.mjs').Upstream; targets: import('./server-processes.mjs').Target[] }} servers
 * @param {import('./bench-settings.mjs').BenchSettings} settings
 * @returns {Promise<import('./run-scenario.mjs').ScenarioRun>}
 */
export async function runWebSocketScenario(scenario, servers, settings) {
  const gateway = servers.targets.find((target) => target.name === 'gateway');
  if (!gateway) throw new Error('websocket: no gateway target');
  const http = { ...gateway, name: 'gateway-http' };
  const run = await runScenario({ ...scenario, kind: 'window' }, [http], servers.upstream, settings.sizes);
  const turns = scenario.requests.map((spec) => turnMessage(spec.body));
  const problem = await checkSocket(gateway.origin, turns, scenario.expect);
  if (problem) {
    run.skipped['gateway-ws'] = problem;
    return run;
  }
  const { sizes } = settings;
  await socketLoad(gateway.origin, scenario.concurrency, turns, sizes.warmupMs, undefined);
  for (let pass = 0; pass < sizes.rounds * 2; pass++) {
    const pid = gateway.pid;
    if (pid) resetPeakRss(pid);
    const result = await socketLoad(gateway.origin, scenario.concurrency, turns, sizes.sampleMs, {
      warmupMs: sizes.sampleWarmupMs,
      pid,
    });
    (run.samples['gateway-ws'] ??= []).push(toSample(result, pass, result.cpuUs, pid ? peakRssBytes(pid) : Number.NaN));
    process.stderr.write('.');
  }
  return run;
}

/**
 * The `response.create` message for an HTTP body of `POST /v1/responses` (`stream` is implied).
 * @param {Buffer} body
 */
function turnMessage(body) {
  const { stream: _stream, ...fields } = JSON.parse(body.toString('utf8'));
  return JSON.stringify({ type: 'response.create', ...fields });
}

/** @param {string} origin */
function openSocket(origin) {
  const socket = new ws.WebSocket(`${origin.replace(/^http/, 'ws')}/v1/responses`, {
    headers: { authorization: `Bearer ${GATEWAY_KEY}`, 'openai-beta': 'responses_websockets=2026-02-06' },
    perMessageDeflate: false,
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/**
 * Closes a socket and resolves once it is closed (its connection slot is free again).
 * @param {import('ws').WebSocket} socket
 * @returns {Promise<void>}
 */
function closeSocket(socket) {
  return new Promise((resolve) => {
    if (socket.readyState === ws.WebSocket.CLOSED) return resolve();
    socket.once('close', () => resolve());
    socket.close();
  });
}

/**
 * One turn over an open socket: its latency, time to the first frame and the final event.
 * @param {import('ws').WebSocket} socket
 * @param {string} message
 * @returns {Promise<{ latencyNs: bigint; ttfeNs: bigint; end: Record<string, unknown>; text: string }>}
 */
function turn(socket, message) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    let ttfeNs = -1n;
    let text = '';
    const onMessage = (/** @type {Buffer} */ data) => {
      const now = process.hrtime.bigint();
      if (ttfeNs < 0n) ttfeNs = now - started;
      const frame = data.toString('utf8');
      text += frame;
      const type = /"type":"([^"]+)"/.exec(frame)?.[1];
      if (type === undefined || !TERMINAL.has(type)) return;
      socket.off('message', onMessage);
      socket.off('close', onClose);
      resolve({ latencyNs: now - started, ttfeNs, end: JSON.parse(frame), text });
    };
    const onClose = () => reject(new Error('the socket closed during a turn'));
    socket.on('message', onMessage);
    socket.once('close', onClose);
    socket.send(message);
  });
}

/**
 * Checks one turn of each message on a fresh socket.
 * @param {string} origin
 * @param {string[]} turns
 * @param {string[]} expect
 * @returns {Promise<string | undefined>}
 */
async function checkSocket(origin, turns, expect) {
  try {
    const socket = await openSocket(origin);
    try {
      for (const message of turns) {
        const answer = await turn(socket, message);
        if (answer.end.type !== 'response.completed') return `the turn ended with ${JSON.stringify(answer.end)}`;
        const missing = expect.find((marker) => !answer.text.includes(marker));
        if (missing) return `the turn's events lack ${JSON.stringify(missing)}`;
      }
    } finally {
      await closeSocket(socket);
    }
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return undefined;
}

/**
 * `concurrency` workers, each on its own socket, sending turns one after another for
 * `durationMs` (after `warmupMs` not recorded); CPU of `pid` over the recorded window.
 * @param {string} origin
 * @param {number} concurrency
 * @param {string[]} turns
 * @param {number} durationMs
 * @param {{ warmupMs: number; pid: number | undefined } | undefined} measured
 */
async function socketLoad(origin, concurrency, turns, durationMs, measured) {
  const sockets = await Promise.all(Array.from({ length: concurrency }, () => openSocket(origin)));
  const state = { recording: false, stop: false, startNs: 0n, endNs: 0n, cpuStart: 0, cpuEnd: 0, issued: 0 };
  const result = { completed: 0, errors: 0, firstError: /** @type {string | undefined} */ (undefined) };
  /** @type {number[]} */
  const latencyUs = [];
  /** @type {number[]} */
  const ttfeUs = [];
  const warmupMs = measured?.warmupMs ?? 0;
  const open = setTimeout(() => {
    if (measured?.pid) state.cpuStart = cpuTimeNs(measured.pid);
    state.startNs = process.hrtime.bigint();
    state.recording = measured !== undefined;
  }, warmupMs);
  const close = setTimeout(() => {
    if (measured?.pid) state.cpuEnd = cpuTimeNs(measured.pid);
    state.endNs = process.hrtime.bigint();
    state.recording = false;
    state.stop = true;
  }, warmupMs + durationMs);
  await Promise.all(
    sockets.map(async (socket) => {
      while (!state.stop) {
        const message = /** @type {string} */ (turns[state.issued++ % turns.length]);
        try {
          const answer = await turn(socket, message);
          // As over HTTP: a turn counts in the window it ends in.
          if (!state.recording) continue;
          result.completed++;
          if (answer.end.type !== 'response.completed') {
            result.errors++;
            result.firstError ??= JSON.stringify(answer.end).slice(0, 300);
            continue;
          }
          latencyUs.push(Number(answer.latencyNs) / 1e3);
          ttfeUs.push(Number(answer.ttfeNs) / 1e3);
        } catch (error) {
          result.errors++;
          result.completed++;
          result.firstError ??= error instanceof Error ? error.message : String(error);
          return;
        }
      }
    }),
  );
  clearTimeout(open);
  clearTimeout(close);
  await Promise.all(sockets.map(closeSocket));
  const elapsedMs = Number(state.endNs - state.startNs) / 1e6;
  return { ...result, elapsedMs, latencyUs, ttfeUs, cpuUs: (state.cpuEnd - state.cpuStart) / 1e3 };
}
