/** Import direction: ir <- ir-utils <- styles <- provider-adapters / translate <- apps/gateway. */
const styles = '(openai-chat|openai-responses|anthropic-messages|gemini|embeddings|rerank|images|audio)';
const pure = `^packages/(ir|ir-utils|${styles.slice(1, -1)})/src/`;
const testFile = '\\.test(-support)?\\.ts$';

module.exports = {
  forbidden: [
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
      severity: 'error',
      from: { path: '^packages/(provider-adapters|translate)/src/', pathNot: testFile },
      to: { path: '^(apps/|packages/(testkit|provider-adapters|translate)/)', pathNot: '^packages/$1/' },
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
