/* global module */
/**
 * The order of apps/gateway/src, read by the dependency-cruiser rules and by scripts/request-trip.mjs.
 * A request goes down this list: a folder may import its own tier and the tiers below it, never one above.
 * `entry` (the composition root) may import anything; the steps follow one request; the infrastructure
 * below them serves every step and imports no step.
 */
const entry = ['app.ts', 'server.ts', 'main.ts', 'gateway.ts', 'console-route.ts', 'cluster', 'websocket'];
/**
 * The steps of one request, in order; `operations` (the runtime every step is handed) sits under the routes.
 * `accounting` (usage, prices, cost, budgets) comes last: admission, the route, the paths and the observer all
 * read it, and it reads none of them.
 */
const steps = [
  ['route', 'admin', 'signin', 'mcp', 'mcp-loop'],
  ['operations'],
  ['admit'],
  ['services', 'responses', 'cache'],
  ['plan'],
  ['call', 'reasoning'],
  ['commit'],
  ['observe'],
  ['accounting'],
];
/**
 * Below the steps: the ledger and the store keep state (`teams` keeps teams, members and admin tokens
 * in the ledger's database, and the role rules every admin route applies), `context` holds the types of one request
 * (it may name the types the steps put in it, by type only), `http` the wire, `auth` and `config`
 * what keys and settings are (a config key's id is derived by `auth`, which reads config types).
 */
const infrastructure = [['ledger', 'teams'], ['store'], ['context'], ['http'], ['auth', 'config']];
module.exports = { entry, steps, infrastructure, tiers: [...steps, ...infrastructure] };
