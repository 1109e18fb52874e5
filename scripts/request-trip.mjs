#!/usr/bin/env node
/**
 * Measures the trip of one generation call through apps/gateway/src, read from the code.
 *
 * From `runGeneration`, every call in source order that hands on a value of the generation
 * record's types (an argument of one of those types, or a method of a class holding one) to a
 * function of the gateway is a stay; the walk follows it (all branches, each function once per
 * path). The files of the stays, with the file the walk returns to after each, make the trip:
 * files entered, and returns to a file already left. It also counts imports running against
 * the folder order of apps/gateway/gateway-tiers.cjs, and functions that take the whole `Gateway`
 * (in total and per folder).
 *
 *   node scripts/request-trip.mjs [--json] [--trace]
 */
import { createRequire } from 'node:module';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const src = path.join(root, 'apps/gateway/src');
const { entry, tiers } = require(path.join(root, 'apps/gateway/gateway-tiers.cjs'));

/** The types the record of one generation call is made of. */
const RECORD_TYPES = new Set(['GenerationContext', 'GenerationRequest', 'GenerationRun']);
const START = { file: 'plan/run-generation.ts', name: 'runGeneration' };
const isTest = (file) => /\.test(-support)?\.ts$|\.bench\.ts$/.test(file);

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const full = path.join(dir, item.name);
    if (item.isDirectory()) return sourceFiles(full);
    return item.name.endsWith('.ts') && !isTest(item.name) ? [full] : [];
  });
}

const config = ts.readConfigFile(path.join(root, 'tsconfig.base.json'), ts.sys.readFile).config;
const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
const program = ts.createProgram(sourceFiles(src), options);
const checker = program.getTypeChecker();
const rel = (file) => path.relative(src, file);
const ours = (file) => file.startsWith(src + path.sep) && !isTest(file);

function symbolOfType(type) {
  const plain = checker.getNonNullableType(type);
  return plain.aliasSymbol ?? plain.getSymbol();
}

function isRecordType(type) {
  const symbol = symbolOfType(type);
  if (!symbol || !RECORD_TYPES.has(symbol.getName())) return false;
  return (symbol.getDeclarations() ?? []).some((declaration) => ours(declaration.getSourceFile().fileName));
}

const holders = new Map();
/** A class of the gateway with a property of the record's types: its methods see the record. */
function holdsRecord(type) {
  const symbol = symbolOfType(type);
  const declaration = symbol?.getDeclarations()?.[0];
  if (!declaration || !ts.isClassDeclaration(declaration) || !ours(declaration.getSourceFile().fileName)) return false;
  if (!holders.has(symbol)) {
    const held = checker
      .getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol))
      .some((property) => isRecordType(checker.getTypeOfSymbolAtLocation(property, declaration)));
    holders.set(symbol, held);
  }
  return holders.get(symbol);
}

function carriesRecord(call) {
  if ((call.arguments ?? []).some((argument) => isRecordType(checker.getTypeAtLocation(argument)))) return true;
  const callee = call.expression;
  if (ts.isPropertyAccessExpression(callee) && holdsRecord(checker.getTypeAtLocation(callee.expression))) return true;
  return ts.isNewExpression(call) && holdsRecord(checker.getTypeAtLocation(call));
}

function calleeOf(call) {
  const declaration = checker.getResolvedSignature(call)?.getDeclaration();
  if (!declaration || !ours(declaration.getSourceFile().fileName)) return undefined;
  if (!('body' in declaration) || !declaration.body) return undefined;
  return declaration;
}

function nameOf(declaration) {
  if (declaration.name) return declaration.name.getText();
  if (ts.isConstructorDeclaration(declaration)) return `new ${declaration.parent.name?.getText()}`;
  const parent = declaration.parent;
  return parent && ts.isVariableDeclaration(parent) ? parent.name.getText() : '(anonymous)';
}

const stays = [];
const files = [];
function walk(declaration, depth, onPath) {
  const file = rel(declaration.getSourceFile().fileName);
  stays.push({ depth, file, name: nameOf(declaration) });
  files.push(file);
  const visit = (node) => {
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && carriesRecord(node)) {
      const callee = calleeOf(node);
      if (callee && !onPath.has(callee)) {
        walk(callee, depth + 1, new Set([...onPath, callee]));
        files.push(file);
      }
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(declaration.body, visit);
}

function findStart() {
  const sourceFile = program.getSourceFile(path.join(src, START.file));
  let found;
  sourceFile?.forEachChild((node) => {
    if (ts.isFunctionDeclaration(node) && node.name?.getText() === START.name) found = node;
  });
  if (!found) throw new Error(`${START.name} not found in ${START.file}`);
  return found;
}

function tripOf(sequence) {
  const trip = sequence.filter((file, index) => index === 0 || sequence[index - 1] !== file);
  const seen = new Set();
  let returns = 0;
  for (const file of trip) {
    if (seen.has(file)) returns++;
    seen.add(file);
  }
  return { trip, entered: seen.size, returns };
}

const folderOf = (file) => (file.includes('/') ? file.split('/')[0] : file);
const tierOf = (folder) => tiers.findIndex((tier) => tier.includes(folder));

/**
 * Imports from a folder to one above it in the order; type-only names of the assembled `Gateway`, and
 * the types `context/` names (the record's fields), aside.
 */
function importsAgainstOrder() {
  const found = [];
  for (const sourceFile of program.getSourceFiles()) {
    if (!ours(sourceFile.fileName)) continue;
    const from = folderOf(rel(sourceFile.fileName));
    if (entry.includes(from)) continue;
    for (const statement of sourceFile.statements) {
      if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
      const specifier = statement.moduleSpecifier?.text;
      if (!specifier?.startsWith('.')) continue;
      const target = path.resolve(path.dirname(sourceFile.fileName), specifier.replace(/\.js$/, '.ts'));
      const to = folderOf(rel(target));
      if (to === from) continue;
      const typeOnly = statement.importClause?.isTypeOnly || statement.isTypeOnly;
      if (to === 'gateway.ts' && typeOnly) continue;
      if (from === 'context' && typeOnly) continue;
      if (entry.includes(to) || tierOf(to) < tierOf(from)) found.push(`${rel(sourceFile.fileName)} -> ${rel(target)}`);
    }
  }
  return found;
}

/** Functions, methods and constructors outside the composition root with a parameter of type `Gateway`. */
function takeTheGateway() {
  const found = [];
  for (const sourceFile of program.getSourceFiles()) {
    if (!ours(sourceFile.fileName) || entry.includes(folderOf(rel(sourceFile.fileName)))) continue;
    const visit = (node) => {
      if (ts.isFunctionLike(node) && 'parameters' in node) {
        const takes = node.parameters.some((parameter) => {
          const symbol = symbolOfType(checker.getTypeAtLocation(parameter));
          return (
            symbol?.getName() === 'Gateway' &&
            rel(symbol.getDeclarations()[0].getSourceFile().fileName) === 'gateway.ts'
          );
        });
        if (takes) found.push(`${rel(sourceFile.fileName)}: ${nameOf(node)}`);
      }
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(sourceFile, visit);
  }
  return found;
}

walk(findStart(), 0, new Set());
const { trip, entered, returns } = tripOf(files);
const against = importsAgainstOrder();
const gatewayTakers = takeTheGateway();
const result = {
  stays: stays.length,
  filesEntered: entered,
  returns,
  callControlEntries: stays.filter((stay) => stay.file === 'call/call-control.ts').length,
  importsAgainstOrder: against.length,
  functionsTakingGateway: gatewayTakers.length,
};
/** Functions that take the whole `Gateway`, per folder (0 for the folders that have none). */
const takersByFolder = Object.fromEntries(
  tiers.flat().map((folder) => [folder, gatewayTakers.filter((line) => folderOf(line) === folder).length]),
);
if (process.argv.includes('--json'))
  console.log(JSON.stringify({ ...result, takersByFolder, trip, against, gatewayTakers }, null, 2));
else {
  if (process.argv.includes('--trace')) {
    for (const stay of stays) console.log(`${'  '.repeat(stay.depth)}${stay.file} ${stay.name}`);
    console.log(`\ntrip: ${trip.join(' > ')}\n`);
    for (const line of against) console.log(`against the order: ${line}`);
    for (const line of gatewayTakers) console.log(`takes the Gateway: ${line}`);
  }
  console.table(result);
  console.log('functions that take the whole Gateway, per folder:');
  console.table(takersByFolder);
}
