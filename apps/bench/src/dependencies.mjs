import { createRequire } from 'node:module';

const own = createRequire(import.meta.url);
const gateway = createRequire(new URL('../../gateway/package.json', import.meta.url));

/**
 * Loads a dependency from apps/bench's own node_modules, or, before `pnpm install` linked them,
 * from the gateway's (the same versions the gateway runs with).
 * @param {string} name
 * @returns {unknown}
 */
export function requireDependency(name) {
  try {
    return own(name);
  } catch {
    return gateway(name);
  }
}

/** undici (Pool, Agent). @type {typeof import('undici')} */
export const undici = /** @type {typeof import('undici')} */ (requireDependency('undici'));
