import { availableParallelism } from 'node:os';
import { startGatewayProcess } from './gateway-process.mjs';
import { runScenario } from './run-scenario.mjs';

/**
 * The `workers` scenario: a second gateway, same config, started with `--workers <cores>`, is
 * measured beside the one-process gateway (and direct and the Express floor, for the ratios).
 *
 * @param {import('./scenarios.mjs').Scenario} scenario
 * @param {{ upstream: import('./server-processes.mjs').Upstream; targets: import('./server-processes.mjs').Target[] }} servers
 * @param {import('./bench-settings.mjs').BenchSettings} settings
 * @returns {Promise<import('./run-scenario.mjs').ScenarioRun>}
 */
export async function runWorkersScenario(scenario, servers, settings) {
  const workers = await startGatewayProcess({
    repoRoot: settings.repoRoot,
    upstreamOrigin: servers.upstream.origin,
    logPath: settings.gatewayLog,
    args: ['--workers', String(availableParallelism())],
    name: 'gateway-workers',
  });
  try {
    const compared = servers.targets.filter((target) => ['direct', 'gateway', 'express-floor'].includes(target.name));
    return await runScenario({ ...scenario, kind: 'window' }, [...compared, workers], servers.upstream, settings.sizes);
  } finally {
    await workers.stop();
  }
}
