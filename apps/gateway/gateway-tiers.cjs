/* global module */
/**
 * The order of apps/gateway/src, read by the dependency-cruiser rules and by scripts/request-trip.mjs.
 * A request goes down this list: a folder may import its own tier and the tiers below it, never one above.
 * `entry` (the composition root) may import anything; the steps follow one request; the infrastructure
 * below them serves every step and imports no step.
 */
const entry = [
  'app.ts',
  'server.ts',
  'main.ts',
  'gateway.ts',
  'console-route.ts',
  'operations',
  'cluster',
  'websocket',
];
const steps = [
  ['route', 'admin'],
  ['admit'],
  ['services', 'responses'],
  ['plan'],
  ['call', 'reasoning'],
  ['commit'],
  ['observe'],
];
const infrastructure = [['ledger'], ['store'], ['context'], ['auth'], ['http'], ['config']];
module.exports = { entry, steps, infrastructure, tiers: [...steps, ...infrastructure] };
