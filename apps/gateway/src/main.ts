import { hashSecret } from './auth/api-keys.js';
import { defaultConfig } from './config/default-config.js';
import { ConfigError, loadConfig } from './config/load-config.js';
import { startGateway } from './server.js';

const USAGE = `Usage:
  interlingua [--config <file>]        start the gateway (or set INTERLINGUA_CONFIG)
  interlingua check-config <file>      validate a config file and print each problem
  interlingua hash-key <secret>        print the secretHash for a key`;

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
    loadConfig(argument, process.env);
    process.stdout.write(`${argument}: valid\n`);
    return 0;
  }
  const configIndex = argv.indexOf('--config');
  const configPath = configIndex >= 0 ? argv[configIndex + 1] : process.env.INTERLINGUA_CONFIG;
  const config = configPath
    ? loadConfig(configPath, process.env)
    : defaultConfig(process.env, (secret) => process.stderr.write(`No INTERLINGUA_API_KEY set; generated a gateway key for this run:\n  ${secret}\n`));
  const running = await startGateway(config);
  process.stderr.write(`Interlingua gateway listening on ${running.url}\n`);
  const stop = (): void => {
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return -1;
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
