#!/usr/bin/env node
/**
 * Measures the trip of one generation call through apps/gateway/src, read from the code.
 *
 * From `runGeneration`, the walk follows the values of the generation record: a value of its
 * types, of a type made of their fields (a `Pick`, an intersection of `Pick`s), of a class or bag
 * holding one, or a field read from such a value (directly or by destructuring), through locals
 * and the parameters it is handed. Every call in source order that hands such a value (as an
 * argument or as the object of a method) to a function of the gateway is a stay; the walk follows
 * it (all branches, each function once). The files of the stays, with the file the walk climbs
 * back to after each, make the trip: files entered, climbs (back out of a call into another file,
 * one per call that left its file: inherent in any call tree), re-entries (a new call entering a
 * file the walk had already left) and the old returns (climbs and re-entries together, every
 * arrival in a file already seen). It also counts
 * imports running against the folder order of apps/gateway/gateway-tiers.cjs, functions that take
 * the whole `Gateway` (in total and per folder) and the files that write a `CallOutcome`.
 *
 *   node scripts/request-trip.mjs [--json] [--trace] [--root <checkout>]
 */
import { createRequire } from 'node:module';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const require = createRequire(import.meta.url);
const rootAt = process.argv.indexOf('--root');
/** The tree measured: this checkout, or another one named by `--root` (an older commit's worktree). */
const root = path.resolve(
  rootAt > 0 ? process.argv[rootAt + 1] : path.join(path.dirname(new URL(import.meta.url).pathname), '..'),
);
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

/** A declaration of one of the record's own types (an interface of apps/gateway/src). */
function isRecordDeclaration(declaration) {
  const named = declaration && (ts.isInterfaceDeclaration(declaration) || ts.isTypeAliasDeclaration(declaration));
  return named && RECORD_TYPES.has(declaration.name.text) && ours(declaration.getSourceFile().fileName);
}

/**
 * A type made of the record: one of its types, or a type of fields taken from them (a `Pick`, an
 * intersection of `Pick`s): one of its properties is declared in a record type.
 */
function isRecordType(type) {
  const plain = checker.getNonNullableType(type);
  if ((symbolOfType(plain)?.getDeclarations() ?? []).some(isRecordDeclaration)) return true;
  if (!(plain.flags & ts.TypeFlags.Object) && !plain.isIntersection()) return false;
  return checker
    .getPropertiesOfType(plain)
    .some((property) => (property.getDeclarations() ?? []).some((item) => isRecordDeclaration(item.parent)));
}

const holders = new Map();
/** A class or bag of the gateway with a property made of the record: its methods and readers see the record. */
function holdsRecord(type) {
  const symbol = symbolOfType(type);
  const declaration = symbol?.getDeclarations()?.[0];
  if (!declaration || !ours(declaration.getSourceFile().fileName)) return false;
  if (!ts.isClassDeclaration(declaration) && !ts.isInterfaceDeclaration(declaration)) return false;
  if (!holders.has(symbol)) {
    holders.set(symbol, false);
    const held = checker
      .getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol))
      .some((property) => isRecordType(checker.getTypeOfSymbolAtLocation(property, declaration)));
    holders.set(symbol, held);
  }
  return holders.get(symbol);
}

const unwrap = (node) =>
  ts.isParenthesizedExpression(node) ||
  ts.isNonNullExpression(node) ||
  ts.isAsExpression(node) ||
  ts.isAwaitExpression(node) ||
  ts.isSatisfiesExpression(node)
    ? unwrap(node.expression)
    : node;

/**
 * How a value holds the record: `whole` (a value of its types, a `Pick` of them, or a holder of
 * one), `field` (a field read from a whole one, directly or by destructuring), or not at all
 * (undefined). A field of a field, and what a call returns, are other values. `handed`: the
 * parameters of the function walked that received one, and how.
 */
function holding(expression, handed, seen = new Set()) {
  const node = unwrap(expression);
  if (seen.has(node)) return undefined;
  seen.add(node);
  const type = checker.getTypeAtLocation(node);
  if (isRecordType(type) || holdsRecord(type)) return 'whole';
  if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node))
    return holding(node.expression, handed, seen) === 'whole' ? 'field' : undefined;
  const either = (left, right) => holding(left, handed, seen) ?? holding(right, handed, seen);
  if (ts.isBinaryExpression(node) && ['??', '||', '&&'].includes(node.operatorToken.getText()))
    return either(node.left, node.right);
  if (ts.isConditionalExpression(node)) return either(node.whenTrue, node.whenFalse);
  // A bag written on the spot (`{ outcome, ops }`) with a value of the record in it is made of the record.
  if (ts.isObjectLiteralExpression(node))
    return node.properties.some((property) => {
      if (ts.isShorthandPropertyAssignment(property)) return holding(property.name, handed, seen);
      if (ts.isPropertyAssignment(property) || ts.isSpreadAssignment(property))
        return holding(ts.isSpreadAssignment(property) ? property.expression : property.initializer, handed, seen);
      return false;
    })
      ? 'whole'
      : undefined;
  if (!ts.isIdentifier(node)) return undefined;
  const symbol = ts.isShorthandPropertyAssignment(node.parent)
    ? checker.getShorthandAssignmentValueSymbol(node.parent)
    : checker.getSymbolAtLocation(node);
  if (!symbol) return undefined;
  if (handed.has(symbol)) return handed.get(symbol);
  const declaration = symbol.valueDeclaration;
  if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer)
    return holding(declaration.initializer, handed, seen);
  const pattern = declaration && ts.isBindingElement(declaration) ? declaration.parent.parent : undefined;
  if (pattern && ts.isVariableDeclaration(pattern) && pattern.initializer)
    return holding(pattern.initializer, handed, seen) === 'whole' ? 'field' : undefined;
  return undefined;
}

/** The parameters of `declaration` (and the names in their patterns) that receive the record at `call`, and how. */
function handedParameters(call, declaration, handed) {
  const received = new Map();
  const add = (name, how) => {
    if (ts.isIdentifier(name)) received.set(checker.getSymbolAtLocation(name), how);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) add(element.name, 'field');
  };
  (call.arguments ?? []).forEach((argument, index) => {
    const parameter = declaration.parameters[Math.min(index, declaration.parameters.length - 1)];
    const how = parameter && holding(argument, handed);
    if (how) add(parameter.name, how);
  });
  return received;
}

function carriesRecord(call, handed) {
  if ((call.arguments ?? []).some((argument) => holding(argument, handed))) return true;
  const callee = unwrap(call.expression);
  if (ts.isPropertyAccessExpression(callee) && holding(callee.expression, handed)) return true;
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
/** The files in the order the walk is in them: `call` when a call enters one, `climb` when it returns to the caller's. */
const files = [];
const walked = new Set();
/** Follows the values of the record through `declaration`, once per function (`handed`: its parameters that received one). */
function walk(declaration, depth, handed) {
  walked.add(declaration);
  const file = rel(declaration.getSourceFile().fileName);
  stays.push({ depth, file, name: nameOf(declaration) });
  files.push({ file, by: 'call', stay: stays.at(-1) });
  const visit = (node) => {
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && carriesRecord(node, handed)) {
      const callee = calleeOf(node);
      if (callee && !walked.has(callee)) {
        walk(callee, depth + 1, handedParameters(node, callee, handed));
        files.push({ file, by: 'climb' });
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
  const moves = sequence.filter((move, index) => index === 0 || sequence[index - 1].file !== move.file);
  const seen = new Set();
  const counts = { climbs: 0, reentries: 0, returns: 0 };
  for (const move of moves) {
    const { file, by } = move;
    if (by === 'climb') counts.climbs++;
    else if (seen.has(file)) {
      counts.reentries++;
      move.stay.reentry = true;
    }
    if (seen.has(file)) counts.returns++;
    seen.add(file);
  }
  return { trip: moves.map((move) => move.file), entered: seen.size, ...counts };
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

/** Files outside tests that write a `CallOutcome`'s fields (assign, count, delete, push to a list of it). */
function outcomeWriters() {
  const isOutcome = (node) => symbolOfType(checker.getTypeAtLocation(node))?.getName() === 'CallOutcome';
  const fieldOfOutcome = (node) => ts.isPropertyAccessExpression(node) && isOutcome(node.expression);
  const assigns = (token) => token >= ts.SyntaxKind.FirstAssignment && token <= ts.SyntaxKind.LastAssignment;
  const counts = (token) => token === ts.SyntaxKind.PlusPlusToken || token === ts.SyntaxKind.MinusMinusToken;
  const writes = (node) =>
    (ts.isBinaryExpression(node) && assigns(node.operatorToken.kind) && fieldOfOutcome(node.left)) ||
    ((ts.isPostfixUnaryExpression(node) || ts.isPrefixUnaryExpression(node)) &&
      counts(node.operator) &&
      fieldOfOutcome(node.operand)) ||
    (ts.isDeleteExpression(node) && fieldOfOutcome(node.expression)) ||
    (ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['push', 'splice', 'unshift'].includes(node.expression.name.text) &&
      fieldOfOutcome(node.expression.expression));
  const found = new Set();
  for (const sourceFile of program.getSourceFiles()) {
    if (!ours(sourceFile.fileName)) continue;
    const visit = (node) => {
      if (writes(node)) found.add(rel(sourceFile.fileName));
      else ts.forEachChild(node, visit);
    };
    ts.forEachChild(sourceFile, visit);
  }
  return [...found];
}

walk(findStart(), 0, new Map());
const { trip, entered, climbs, reentries, returns } = tripOf(files);
const against = importsAgainstOrder();
const gatewayTakers = takeTheGateway();
const writers = outcomeWriters();
const result = {
  stays: stays.length,
  filesEntered: entered,
  climbs,
  reentries,
  returns,
  callControlEntries: stays.filter((stay) => stay.file === 'call/call-control.ts').length,
  importsAgainstOrder: against.length,
  functionsTakingGateway: gatewayTakers.length,
  filesWritingOutcome: writers.length,
};
/** Functions that take the whole `Gateway`, per folder (0 for the folders that have none). */
const takersByFolder = Object.fromEntries(
  tiers.flat().map((folder) => [folder, gatewayTakers.filter((line) => folderOf(line) === folder).length]),
);
if (process.argv.includes('--json'))
  console.log(JSON.stringify({ ...result, takersByFolder, trip, against, gatewayTakers, writers }, null, 2));
else {
  if (process.argv.includes('--trace')) {
    for (const stay of stays)
      console.log(`${'  '.repeat(stay.depth)}${stay.file} ${stay.name}${stay.reentry ? '  (re-entry)' : ''}`);
    console.log(`\ntrip: ${trip.join(' > ')}\n`);
    for (const line of against) console.log(`against the order: ${line}`);
    for (const line of gatewayTakers) console.log(`takes the Gateway: ${line}`);
    for (const file of writers) console.log(`writes a CallOutcome: ${file}`);
  }
  console.table(result);
  console.log('functions that take the whole Gateway, per folder:');
  console.table(takersByFolder);
}
