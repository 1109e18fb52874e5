import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { hashSecret } from './auth/api-keys.js';
import { secretFromInput } from './auth/secret-input.js';
import { applyHeapGrowth, HEAP_GROWTH_ENV, heapGrowthPercent } from './cluster/heap-growth.js';
import { runPrimary } from './cluster/primary.js';
import { runWorker } from './cluster/worker.js';
import { parseWorkersFlag, workerCount } from './cluster/worker-count.js';
import { defaultConfig } from './config/default-config.js';
import { EnvFileError } from './config/env-or-file.js';
import { ConfigError, loadConfig } from './config/load-config.js';
import { configWarnings } from './config/config-warnings.js';
import { unpricedRouteWarnings } from './accounting/unpriced-routes.js';
import { unmatchedCostBudgetWarnings } from './accounting/unmatched-cost-budgets.js';
import { detectSurroundings, surroundingWarnings } from './config/surrounding-warnings.js';
import type { GatewayConfig } from './config/config-schema.js';
import { startGateway, type RunningGateway } from './server.js';
import { CATALOG_AS_OF, CATALOG_SOURCE, PriceCatalog } from './accounting/price-catalog.js';
import { effectivePrices, formatPrices } from './accounting/price-listing.js';
import { PriceTable } from './accounting/price-table.js';
import { errorText } from './http/style-errors.js';

const USAGE = `Usage:
  interlingua [--config <file>] [--workers <n|auto>] [--heap-growth-percent <n|off>]
                                       start the gateway (or set INTERLINGUA_CONFIG)
  interlingua check-config <file>      validate a config file and print each problem
  interlingua hash-key                 print the secretHash for a key read from standard input
                                       (printf %s "$SECRET" | interlingua hash-key)
  interlingua hash-key <secret>        the same for a secret given as an argument (seen in the
                                       process list and the shell's history)
  interlingua prices [<file>]          print every routed model's effective price, its source and date
  interlingua --help                   print this help
  interlingua --version                print the gateway's version

Options:
  -c, --config <file>     the config file (YAML or JSON); without one the gateway runs on defaults
  --workers <n|auto>      gateway processes serving the one port (auto: one per core); overrides
                          server.workers
  --heap-growth-percent <n|off>
                          how far the JavaScript heap may grow past its live objects before a
                          full collection (default 50; off: V8's own factor); also
                          INTERLINGUA_HEAP_GROWTH_PERCENT (docs/performance.md, "Memory")

Signals: SIGHUP reloads the config file (open streams go on); SIGTERM and SIGINT stop gracefully
(open requests may finish for shutdown.graceMs); a second SIGTERM or SIGINT stops at once.`;

const OPTIONS = {
  config: { type: 'string', short: 'c' },
  workers: { type: 'string' },
  'heap-growth-percent': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

type CommandLine = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;

async function main(argv: string[]): Promise<number> {
  if (cluster.isWorker) {
    // The primary resolved the setting and handed it down in the environment.
    const percent = heapGrowthPercent(undefined, process.env);
    if (typeof percent === 'number') applyHeapGrowth(percent);
    await runWorker();
    return -1;
  }
  let line: CommandLine;
  try {
    line = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    return fail(`${errorText(error)}\n\n${USAGE}`);
  }
  const { values, positionals } = line;
  const [command, argument, ...extra] = positionals;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (values.version) {
    process.stdout.write(`${gatewayVersion()}\n`);
    return 0;
  }
  if (command === 'hash-key') {
    if (extra.length > 0) return fail(`hash-key takes at most one argument\n\n${USAGE}`);
    return hashKey(argument);
  }
  if (command === 'check-config') {
    if (!argument || extra.length > 0) return fail(`check-config takes exactly one argument\n\n${USAGE}`);
    checkConfig(argument);
    return 0;
  }
  if (command === 'prices') {
    if (extra.length > 0) return fail(`prices takes at most one argument\n\n${USAGE}`);
    printPrices(argument ? loadConfig(argument, process.env) : defaultConfig(process.env, () => {}));
    return 0;
  }
  if (command !== undefined) return fail(`Unknown command '${command}'\n\n${USAGE}`);
  const heapGrowth = heapGrowthPercent(values['heap-growth-percent'], process.env);
  if (typeof heapGrowth === 'string') return fail(heapGrowth);
  applyHeapGrowth(heapGrowth);
  process.env[HEAP_GROWTH_ENV] = String(heapGrowth);
  const workersSetting = values.workers === undefined ? undefined : parseWorkersFlag(values.workers);
  if (values.workers !== undefined && workersSetting === undefined)
    return fail(`--workers takes a whole number from 1 to 256 or 'auto', not '${values.workers}'`);
  const configPath = values.config ?? process.env.INTERLINGUA_CONFIG;
  const config = configPath
    ? loadConfig(configPath, process.env)
    : defaultConfig(process.env, (secret) =>
        process.stderr.write(`No INTERLINGUA_API_KEY set; generated a gateway key for this run:\n  ${secret}\n`),
      );
  for (const warning of warningsOf(config)) process.stderr.write(`warning: ${warning}\n`);
  const workers = workerCount(workersSetting ?? config.server.workers);
  if (workers > 1) {
    await runPrimary({ config, configPath, env: process.env, workers, warningsOf });
    return -1;
  }
  const running = await startGateway(config);
  process.stderr.write(`Interlingua gateway listening on ${running.url}\n`);
  handleSignals(running, configPath);
  return -1;
}

/** What `check-config`, the start and a reload warn of: the config's own traps and those of where it runs. */
function warningsOf(config: GatewayConfig): string[] {
  return [
    ...configWarnings(config),
    ...unpricedRouteWarnings(config),
    ...unmatchedCostBudgetWarnings(config),
    ...surroundingWarnings(config, detectSurroundings(process.env)),
  ];
}

/** The package's own version: `package.json` is one folder up from `src/` and from `dist/` alike. */
function gatewayVersion(): string {
  return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

/** Prints the secretHash of the argument, else of the secret on standard input. */
async function hashKey(argument: string | undefined): Promise<number> {
  if (argument === '') return fail('hash-key: the secret is empty');
  if (argument !== undefined) {
    process.stdout.write(`${hashSecret(argument)}\n`);
    return 0;
  }
  if (process.stdin.isTTY) process.stderr.write('Type the secret, then Enter and Ctrl-D:\n');
  try {
    process.stdout.write(`${hashSecret(await secretFromInput(process.stdin))}\n`);
  } catch (error) {
    return fail(errorText(error));
  }
  return 0;
}

function printPrices(config: GatewayConfig): void {
  const catalog = config.priceCatalog ? new PriceCatalog() : undefined;
  const listing = effectivePrices(config, new PriceTable(config.pricing, catalog));
  process.stdout.write(`${formatPrices(listing)}\n`);
  process.stdout.write(`catalog: ${catalog ? `${CATALOG_SOURCE}, prices as of ${CATALOG_AS_OF}` : 'off'}\n`);
}

function checkConfig(path: string): void {
  const config = loadConfig(path, process.env);
  for (const warning of warningsOf(config)) process.stdout.write(`warning: ${warning}\n`);
  process.stdout.write(`${path}: valid\n`);
}

/** SIGHUP reloads the file; SIGTERM / SIGINT drain and stop, a second one stops at once. */
function handleSignals(running: RunningGateway, configPath: string | undefined): void {
  process.on('SIGHUP', () => {
    if (!configPath) {
      process.stderr.write('SIGHUP: no config file to reload (running on defaults)\n');
      return;
    }
    const result = running.reloadFile(configPath, process.env);
    if (!result.ok) {
      process.stderr.write(
        `SIGHUP: ${configPath} refused, keeping the running config:\n${result.problems.map((p) => `  - ${p}`).join('\n')}\n`,
      );
      return;
    }
    for (const warning of warningsOf(result.config)) process.stderr.write(`warning: ${warning}\n`);
    process.stderr.write(`SIGHUP: reloaded ${configPath}\n`);
  });
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) process.exit(1);
    stopping = true;
    process.stderr.write(
      `${signal}: stopping; open requests may finish for ${running.gateway.config.shutdown.graceMs} ms\n`,
    );
    void running.shutdown().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

function fail(message: string): number {
  process.stderr.write(`${message}\n`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: unknown) => {
    process.stderr.write(
      error instanceof ConfigError || error instanceof EnvFileError
        ? `${error.message}\n`
        : `${error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exit(1);
  },
);
