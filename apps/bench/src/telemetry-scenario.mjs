import { createServer } from 'node:http';
import { startGatewayProcess } from './gateway-process.mjs';
import { runLoad } from './load-generator.mjs';
import { runScenario } from './run-scenario.mjs';

/** Load each new gateway process takes before it is measured, so that its code is compiled as the long-running gateway's is. */
const FRESH_WARMUP_MS = 3_000;

/**
 * A loopback OTLP/HTTP receiver: answers every export 200 (an empty protobuf
 * `ExportTraceServiceResponse`) and counts the exports and their bytes, so the run shows the
 * traced gateway really exported while it was measured.
 * @returns {Promise<{ origin: string; exports: () => number; bytes: () => number; stop: () => Promise<void> }>}
 */
export async function startOtlpReceiver() {
  let exports = 0;
  let bytes = 0;
  const server = createServer((request, response) => {
    request.on('data', (chunk) => (bytes += chunk.length));
    request.on('end', () => {
      if (request.url === '/v1/traces') exports += 1;
      response.writeHead(request.url === '/v1/traces' ? 200 : 404, { 'content-type': 'application/x-protobuf' });
      response.end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    origin: `http://127.0.0.1:${address.port}`,
    exports: () => exports,
    bytes: () => bytes,
    stop: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

/**
 * The `telemetry` scenario: a second gateway, same config, with tracing on (the standard
 * `OTEL_EXPORTER_OTLP_ENDPOINT`, OTLP/HTTP protobuf to a loopback receiver, every trace sampled)
 * is measured beside a third started at the same moment with tracing off (`gateway-fresh`), the
 * pair to compare: both as young, both warmed up alike. The long-running gateway (hot from the
 * scenarios before) and direct are measured too. Fails when the receiver got no spans: a traced
 * gateway that exported nothing would measure nothing.
 *
 * @param {import('./scenarios.mjs').Scenario} scenario
 * @param {{ upstream: import('./server-processes.mjs').Upstream; targets: import('./server-processes.mjs').Target[] }} servers
 * @param {import('./bench-settings.mjs').BenchSettings} settings
 * @returns {Promise<import('./run-scenario.mjs').ScenarioRun>}
 */
export async function runTelemetryScenario(scenario, servers, settings) {
  const receiver = await startOtlpReceiver();
  const traced = await startGatewayProcess({
    repoRoot: settings.repoRoot,
    upstreamOrigin: servers.upstream.origin,
    logPath: settings.gatewayLog,
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.origin, OTEL_SERVICE_NAME: 'interlingua-bench' },
    name: 'gateway-otel',
  });
  const fresh = await startGatewayProcess({
    repoRoot: settings.repoRoot,
    upstreamOrigin: servers.upstream.origin,
    logPath: settings.gatewayLog,
    name: 'gateway-fresh',
  });
  try {
    await servers.upstream.setProfile(scenario.profile);
    for (const target of [fresh, traced])
      await runLoad({
        origin: target.origin,
        concurrency: scenario.concurrency,
        requests: scenario.requests,
        mode: { kind: 'window', warmupMs: 0, durationMs: FRESH_WARMUP_MS },
      });
    const compared = servers.targets.filter((target) => ['direct', 'gateway'].includes(target.name));
    const run = await runScenario(
      { ...scenario, kind: 'window' },
      [...compared, fresh, traced],
      servers.upstream,
      settings.sizes,
    );
    // The batch processor exports every 5 s at most: give the last batch time to arrive.
    const deadline = Date.now() + 7_000;
    while (receiver.exports() === 0 && Date.now() < deadline) await new Promise((wait) => setTimeout(wait, 200));
    if (receiver.exports() === 0) throw new Error('telemetry: the traced gateway exported no spans to the receiver');
    process.stderr.write(
      `\ntelemetry: the receiver got ${receiver.exports()} OTLP exports, ${(receiver.bytes() / 1024).toFixed(0)} KiB\n`,
    );
    return run;
  } finally {
    await fresh.stop();
    await traced.stop();
    await receiver.stop();
  }
}
