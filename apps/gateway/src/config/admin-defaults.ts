import { randomBytes } from 'node:crypto';
import { envOrFile } from './env-or-file.js';

/** The data folder used when neither a config file nor `INTERLINGUA_DATA_DIR` names one. */
export const DEFAULT_DATA_DIR = 'interlingua-data';

/**
 * The operator's side of the defaults (no config file): the admin secret from
 * `INTERLINGUA_ADMIN_SECRET` or the file `INTERLINGUA_ADMIN_SECRET_FILE` names (or generated and
 * reported once through `onGenerated`), and the embedded SQLite database in `INTERLINGUA_DATA_DIR`.
 */
export function operatorDefaults(
  env: NodeJS.ProcessEnv,
  onGenerated: (secret: string) => void = reportGeneratedAdminSecret,
): Record<string, unknown> {
  let secret = envOrFile(env, 'INTERLINGUA_ADMIN_SECRET');
  if (!secret) {
    secret = `ilg-admin-${randomBytes(24).toString('base64url')}`;
    onGenerated(secret);
  }
  return { admin: { secret }, database: defaultDatabase(env) };
}

/** The embedded database of the defaults: SQLite in `INTERLINGUA_DATA_DIR`, or `interlingua-data`. */
export function defaultDatabase(env: NodeJS.ProcessEnv): { type: 'sqlite'; dir: string } {
  return { type: 'sqlite', dir: env.INTERLINGUA_DATA_DIR || DEFAULT_DATA_DIR };
}

function reportGeneratedAdminSecret(secret: string): void {
  process.stderr.write(
    `No INTERLINGUA_ADMIN_SECRET set; generated an admin secret for this run (the console at /console and /admin):\n  ${secret}\n`,
  );
}
