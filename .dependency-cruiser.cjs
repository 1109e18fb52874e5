/** Import direction: ir <- ir-utils <- styles <- translate <- provider-adapters <- apps/gateway. */
const styles = '(openai-chat|openai-responses|anthropic-messages|gemini|embeddings|rerank|images|audio)';
const pure = `^packages/(ir|ir-utils|${styles.slice(1, -1)})/src/`;
const testFile = '\\.test(-support)?\\.ts$';

/**
 * The gateway reads as its request's sentence, in the order of apps/gateway/gateway-tiers.cjs:
 * route -> admit -> services -> plan -> call -> commit -> observe, then the infrastructure below
 * (ledger, store, context, http, auth and config). Every folder of apps/gateway/src is in one
 * tier; a folder imports its own tier and the tiers after it, never one before it. The entry
 * files (app, server, main, the assembled `gateway.ts`, cluster/ and websocket/) compose the rest;
 * the other folders name the assembled gateway by type only, and context/ (the types of one
 * request) may name the types of the steps that fill it, by type only.
 */
const gateway = 'apps/gateway/src';
const order = require('./apps/gateway/gateway-tiers.cjs');
const entryPath = `^${gateway}/(${order.entry.map((name) => (name.endsWith('.ts') ? name.replace('.', '\\.') + '$' : `${name}/`)).join('|')})`;
const folders = (names) => `^${gateway}/(${names.join('|')})/`;
const everyFolder = order.tiers.flat();
const tierRules = order.tiers.map((tier, index) => ({
  name: `gateway-${tier.join('-')}-imports-only-later-tiers`,
  comment: `${tier.join(' and ')} may import its own tier and the later ones, never an earlier one nor an entry file`,
  severity: 'error',
  from: { path: folders(tier), pathNot: testFile },
  to: {
    path: [...(index > 0 ? [folders(order.tiers.slice(0, index).flat())] : []), entryPath],
    pathNot: `^${gateway}/gateway\\.ts$`,
    ...(tier.includes('context') ? { dependencyTypesNot: ['type-only'] } : {}),
  },
}));
const layering = [
  ...tierRules,
  {
    name: 'gateway-names-the-assembled-gateway-by-type-only',
    severity: 'error',
    from: { path: folders(everyFolder), pathNot: testFile },
    to: { path: `^${gateway}/gateway\\.ts$`, dependencyTypesNot: ['type-only'] },
  },
  {
    name: 'gateway-every-folder-in-a-tier',
    comment: 'a new folder of apps/gateway/src goes into apps/gateway/gateway-tiers.cjs first',
    severity: 'error',
    from: { path: `^${gateway}/[^/]+/`, pathNot: [folders(everyFolder), entryPath, `^${gateway}/e2e/`] },
    to: {},
  },
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'no import cycles anywhere, type-only imports included',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layering,
    {
      name: 'pure-packages-no-io',
      comment: 'ir, ir-utils and style packages stay free of node:*, undici, express and busboy',
      severity: 'error',
      from: { path: pure, pathNot: testFile },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'pure-packages-no-io-libraries',
      severity: 'error',
      from: { path: pure, pathNot: testFile },
      to: { path: 'node_modules/(undici|express|busboy)/' },
    },
    {
      name: 'ir-imports-nothing-of-ours',
      severity: 'error',
      from: { path: '^packages/ir/src/' },
      to: { path: '^(packages|apps)/', pathNot: '^packages/ir/' },
    },
    {
      name: 'ir-utils-imports-only-ir',
      severity: 'error',
      from: { path: '^packages/ir-utils/src/', pathNot: testFile },
      to: { path: '^(packages|apps)/', pathNot: '^packages/(ir|ir-utils)/' },
    },
    {
      name: 'styles-never-import-each-other',
      severity: 'error',
      from: { path: `^packages/${styles}/src/`, pathNot: testFile },
      to: { path: '^(packages|apps)/', pathNot: ['^packages/(ir|ir-utils)/', '^packages/$1/'] },
    },
    {
      name: 'adapters-and-translate-below-the-gateway',
      comment:
        'provider-adapters builds on translate (its table of style codecs); translate never imports provider-adapters',
      severity: 'error',
      from: { path: '^packages/(provider-adapters|translate)/src/', pathNot: testFile },
      to: { path: '^(apps/|packages/(testkit|provider-adapters)/)', pathNot: '^packages/$1/' },
    },
    {
      name: 'packages-never-import-apps',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'style-internals-only-for-the-gateway-and-packages',
      comment:
        "a style or service package's ./internal entry (no stability promise) is for the gateway and the other packages; apps that stand where users stand (console, bench, client suites) import the public entry",
      severity: 'error',
      from: { path: '^apps/', pathNot: ['^apps/gateway/', testFile] },
      to: { path: `^packages/${styles}/src/internal\\.ts$` },
    },
    {
      name: 'style-internals-through-their-entry',
      comment:
        "another package reaches a style's internals through @interlingua/<style>/internal, never by a path into src/",
      severity: 'error',
      from: { path: '^(?:packages|apps)/([^/]+)/', pathNot: testFile },
      to: { path: `^packages/${styles}/src/(?!internal\\.ts$|index\\.ts$)`, pathNot: '^packages/$1/' },
    },
    {
      name: 'testkit-only-in-tests',
      severity: 'error',
      from: { path: '^(packages|apps)/', pathNot: [testFile, '^packages/testkit/'] },
      to: { path: '^packages/testkit/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@interlingua/source', 'import', 'types', 'node', 'default'],
      extensions: ['.ts', '.js', '.json'],
    },
  },
};
