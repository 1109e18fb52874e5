/** Import direction: ir <- ir-utils <- styles <- translate <- provider-adapters <- apps/gateway. */
const styles = '(openai-chat|openai-responses|anthropic-messages|gemini|embeddings|rerank|images|audio)';
const pure = `^packages/(ir|ir-utils|${styles.slice(1, -1)})/src/`;
const testFile = '\\.test(-support)?\\.ts$';

/**
 * The gateway reads as its request's sentence: route -> admit -> plan -> call -> commit -> observe.
 * A step may import the steps after it, never one before it; `services/` (images, audio,
 * embeddings, rerank, media fetching) and `responses/` (stored responses) sit between admission
 * and planning; `admin/` (the operator's routes) sits with `route/`. Infrastructure folders
 * import no step, except that `context/` (the record of one request every step writes into)
 * names the steps' types. The entry files (app, server, main, the assembled `gateway.ts` and
 * `operations/`) may import anything; a step names the assembled gateway by type only.
 */
const gateway = 'apps/gateway/src';
const steps = [
  ['route', 'admin'],
  ['admit'],
  ['services', 'responses'],
  ['plan'],
  ['call', 'reasoning'],
  ['commit'],
  ['observe'],
];
const infrastructure = ['context', 'http', 'auth', 'config'];
const entry = [
  'app\\.ts',
  'server\\.ts',
  'main\\.ts',
  'gateway\\.ts',
  'console-route\\.ts',
  'operations/',
  'cluster/',
  'websocket/',
];
/** Folders placed in a step for what may import them, whose own imports are not checked here. */
const unchecked = ['admin'];
const folders = (names) => `^${gateway}/(${names.join('|')})/`;
const entryPath = `^${gateway}/(${entry.join('|')})`;
const stepRules = steps.map((tier, index) => ({
  name: `${tier[0]}-imports-only-later-steps`,
  comment: `${tier.join(' and ')} may import the steps after it and infrastructure, never an earlier step`,
  severity: 'error',
  from: { path: folders(tier.filter((name) => !unchecked.includes(name))), pathNot: testFile },
  to: {
    path: [...(index > 0 ? [folders(steps.slice(0, index).flat())] : []), entryPath],
    pathNot: `^${gateway}/gateway\\.ts$`,
  },
}));
const layering = [
  ...stepRules,
  {
    name: 'gateway-names-the-assembled-gateway-by-type-only',
    severity: 'error',
    from: { path: folders(steps.flat().filter((name) => !unchecked.includes(name))), pathNot: testFile },
    to: { path: `^${gateway}/gateway\\.ts$`, dependencyTypesNot: ['type-only'] },
  },
  {
    name: 'gateway-infrastructure-imports-no-step',
    comment: 'http, auth and config serve every step and import none of them',
    severity: 'error',
    from: { path: folders(infrastructure.filter((name) => name !== 'context')), pathNot: testFile },
    to: { path: [folders(steps.flat()), entryPath] },
  },
  {
    name: 'gateway-context-names-step-types-only',
    comment: 'context/ holds the types of one request; it names what the steps put in it, and runs none of their code',
    severity: 'error',
    from: { path: folders(['context']), pathNot: testFile },
    to: { path: [folders(steps.flat()), entryPath], dependencyTypesNot: ['type-only'] },
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
