import { hashSecret } from './auth/api-keys.js';
import { defaultConfig } from './config/default-config.js';
import { ConfigError, loadConfig } from './config/load-config.js';
import { configWarnings } from './config/config-warnings.js';
import { startGateway, type RunningGateway } from './server.js';

const USAGE = `Usage:
  interlingua [--config <file>]        start the gateway (or set INTERLINGUA_CONFIG)
  interlingua check-config <file>      validate a config file and print each problem
  interlingua hash-key <secret>        print the secretHash for a key

Signals: SIGHUP reloads the config file (open streams go on); SIGTERM and SIGINT stop gracefully
(open requests may finish for shutdown.graceMs); a second SIGTERM or SIGINT stops at once.`;

async function main(argv: string[]): Promise<number> {
  const [command, argument] = argv;
  if (command === '--help' || command === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (command === 'hash-key') {
    if (!argument) return fail(USAGE);
    process.stdout.write(`${hashSecret(argument)}\n`);
    return 0;
  }
  if (command === 'check-config') {
    if (!argument) return fail(USAGE);
    const config = loadConfig(argument, process.env);
    for (const warning of configWarnings(config)) process.stdout.write(`warning: ${warning}\n`);
    process.stdout.write(`${argument}: valid\n`);
    return 0;
  }
  const configIndex = argv.indexOf('--config');
  const configPath = configIndex >= 0 ? argv[configIndex + 1] : process.env.INTERLINGUA_CONFIG;
  const config = configPath
    ? loadConfig(configPath, process.env)
    : defaultConfig(process.env, (secret) => process.stderr.write(`No INTERLINGUA_API_KEY set; generated a gateway key for this run:\n  ${secret}\n`));
  for (const warning of configWarnings(config)) process.stderr.write(`warning: ${warning}\n`);
  const running = await startGateway(config);
  process.stderr.write(`Interlingua gateway listening on ${running.url}\n`);
  handleSignals(running, configPath);
  return -1;
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
      process.stderr.write(`SIGHUP: ${configPath} refused, keeping the running config:\n${result.problems.map((p) => `  - ${p}`).join('\n')}\n`);
      return;
    }
    for (const warning of configWarnings(result.config)) process.stderr.write(`warning: ${warning}\n`);
    process.stderr.write(`SIGHUP: reloaded ${configPath}\n`);
  });
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) process.exit(1);
    stopping = true;
    process.stderr.write(`${signal}: stopping; open requests may finish for ${running.gateway.config.shutdown.graceMs} ms\n`);
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
    process.stderr.write(error instanceof ConfigError ? `${error.message}\n` : `${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
