// Checks @interlingua/translate the way a new user meets it: each library it needs is built and
// packed, the tarballs are installed into a scratch npm project, and that project is used as a
// CommonJS app, an ES module app, a TypeScript app (node16 and bundler resolution) and browser
// bundles (every pair of styles, and all styles) whose sizes are reported and held to budgets.
// Run: pnpm --filter @interlingua/translate check:packed
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  ALL_STYLES_BUDGET_BYTES,
  ALL_STYLES_SOURCE,
  PAIR_TRANSLATOR_BUDGET_BYTES,
  PAIR_TRANSLATOR_SOURCE,
  STYLE_CODECS,
  kib,
  measureBrowserBundle,
  pairTranslatorSource,
} from './bundle-size.mjs';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(packageDir, '../..');
const packagesDir = join(repoRoot, 'packages');

function run(command, args, cwd) {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

function step(name, action) {
  const started = Date.now();
  const result = action();
  console.log(`ok  ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return result;
}

/** The workspace libraries `@interlingua/translate` needs, itself included, by package folder. */
function libraryClosure(folder, seen = new Set()) {
  if (seen.has(folder)) return seen;
  seen.add(folder);
  const manifest = JSON.parse(readFileSync(join(packagesDir, folder, 'package.json'), 'utf8'));
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    if (name.startsWith('@interlingua/')) libraryClosure(name.slice('@interlingua/'.length), seen);
  }
  return seen;
}

const CJS_CONSUMER = `
const assert = require('node:assert/strict');
const { translateRequest } = require('@interlingua/translate');
const { IrError } = require('@interlingua/ir');
const { createTranslator } = require('@interlingua/translate/core');
const { openAiChatCodec } = require('@interlingua/translate/openai-chat');
const { anthropicMessagesCodec } = require('@interlingua/translate/anthropic-messages');
const body = { model: 'claude-x', max_tokens: 50, system: 'Be brief.', messages: [{ role: 'user', content: 'Hi' }] };
const { value } = translateRequest(body, 'anthropic-messages', 'openai-chat');
assert.deepEqual(value.messages.map((m) => m.role), ['system', 'user']);
assert.deepEqual(createTranslator(anthropicMessagesCodec, openAiChatCodec).request(body).value, value);
assert.throws(() => translateRequest({ contents: [] }, 'gemini', 'anthropic-messages'), IrError);
console.log('commonjs consumer: ok');
`;

const ESM_CONSUMER = `
import assert from 'node:assert/strict';
import { IrError } from '@interlingua/ir';
import { translateRequest, translateResponse } from '@interlingua/translate';
const { value } = translateRequest({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'Hi' }] }, 'openai-chat', 'gemini');
assert.deepEqual(value.contents, [{ role: 'user', parts: [{ text: 'Hi' }] }]);
assert.throws(() => translateRequest(value, 'gemini', 'openai-chat'), IrError);
const answer = { id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: 'Hello', refusal: null }, finish_reason: 'stop', logprobs: null }] };
assert.equal(translateResponse(answer, 'openai-chat', 'anthropic-messages').value.content[0].text, 'Hello');
console.log('es module consumer: ok');
`;

const TYPED_CONSUMER = `
import { translateRequest, translateResponse, type StyleRequest } from '@interlingua/translate';
import { createTranslator } from '@interlingua/translate/core';
import { geminiCodec, type GeminiGenerateContentRequest } from '@interlingua/translate/gemini';
import { openAiChatCodec, type OpenAiChatRequest } from '@interlingua/translate/openai-chat';
import type { AnthropicMessagesResponse } from '@interlingua/translate/anthropic-messages';

const chat: OpenAiChatRequest = translateRequest({}, 'anthropic-messages', 'openai-chat').value;
const model: string = chat.model;
const message: AnthropicMessagesResponse = translateResponse({}, 'openai-chat', 'anthropic-messages').value;
const gemini: GeminiGenerateContentRequest = createTranslator(openAiChatCodec, geminiCodec).request({}).value;
const sameType: StyleRequest<'gemini'> = gemini;
// @ts-expect-error a chat request is not an Anthropic answer
const wrong: AnthropicMessagesResponse = chat;
export { model, message, sameType, wrong };
`;

const tsconfig = (module, moduleResolution) =>
  JSON.stringify({
    compilerOptions: {
      module,
      moduleResolution,
      target: 'es2022',
      lib: ['es2023', 'dom'],
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
    },
    files: ['typed-consumer.mts'],
  });

const scratch = mkdtempSync(join(tmpdir(), 'interlingua-packed-'));
try {
  const folders = [...libraryClosure('translate')];
  step(`build ${folders.length} libraries`, () =>
    run('pnpm', ['--filter', '@interlingua/translate...', 'run', 'build'], repoRoot),
  );
  const tarballs = join(scratch, 'tarballs');
  step('pack them', () => {
    for (const folder of folders) run('pnpm', ['pack', '--pack-destination', tarballs], join(packagesDir, folder));
  });
  const files = readdirSync(tarballs);
  const specs = Object.fromEntries(
    folders.map((folder) => {
      const file = files.find(
        (name) => name.startsWith(`interlingua-${folder}-`) && /^\d/.test(name.slice(`interlingua-${folder}-`.length)),
      );
      if (file === undefined) throw new Error(`no tarball for ${folder} in ${files.join(', ')}`);
      return [`@interlingua/${folder}`, `file:${join(tarballs, file)}`];
    }),
  );
  const app = join(scratch, 'app');
  run('mkdir', ['-p', app], scratch);
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'scratch-consumer', private: true, dependencies: specs, overrides: specs }),
  );
  step('npm install the tarballs', () =>
    run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], app),
  );

  writeFileSync(join(app, 'consumer.cjs'), CJS_CONSUMER);
  writeFileSync(join(app, 'consumer.mjs'), ESM_CONSUMER);
  step('CommonJS require()', () => run(process.execPath, ['--no-warnings', 'consumer.cjs'], app));
  step('ES module import', () => run(process.execPath, ['consumer.mjs'], app));

  writeFileSync(join(app, 'typed-consumer.mts'), TYPED_CONSUMER);
  writeFileSync(join(app, 'tsconfig.node16.json'), tsconfig('node16', 'node16'));
  writeFileSync(join(app, 'tsconfig.bundler.json'), tsconfig('esnext', 'bundler'));
  const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');
  step('TypeScript, node16 resolution', () => run(process.execPath, [tsc, '-p', 'tsconfig.node16.json'], app));
  step('TypeScript, bundler resolution', () => run(process.execPath, [tsc, '-p', 'tsconfig.bundler.json'], app));

  const pair = await measureBrowserBundle(PAIR_TRANSLATOR_SOURCE, app);
  const all = await measureBrowserBundle(ALL_STYLES_SOURCE, app);
  writeFileSync(join(app, 'pair-bundle.mjs'), pair.code);
  const { toChat } = await import(pathToFileURL(join(app, 'pair-bundle.mjs')).href);
  const bundled = toChat.request({ model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'Hi' }] }).value;
  if (bundled.model !== 'm') throw new Error('the browser bundle did not translate');
  const problem = (() => {
    try {
      toChat.request({ model: 'm', max_tokens: 'ten', messages: [] });
    } catch (error) {
      return error.message;
    }
  })();
  if (problem !== 'max_tokens: Invalid input: expected number, received string')
    throw new Error(`the browser bundle names a bad field as: ${problem}`);
  const styles = Object.keys(STYLE_CODECS);
  const pairs = [];
  for (const [index, first] of styles.entries())
    for (const second of styles.slice(index + 1))
      pairs.push({
        name: `${first} <-> ${second}`,
        ...(await measureBrowserBundle(pairTranslatorSource(first, second), app)),
      });
  const row = (name, size, budget) =>
    console.log(
      `${name.padEnd(40)} ${kib(size.minified).padStart(10)} ${kib(size.gzipped).padStart(10)} ${kib(budget).padStart(10)}`,
    );
  console.log(`\n${'browser bundle (esbuild, minified)'.padEnd(40)}   minified    gzipped   budget (gzipped)`);
  for (const measured of pairs) row(measured.name, measured, PAIR_TRANSLATOR_BUDGET_BYTES);
  row('all four styles', all, ALL_STYLES_BUDGET_BYTES);
  const over = [
    ...pairs.filter((measured) => measured.gzipped > PAIR_TRANSLATOR_BUDGET_BYTES),
    ...(all.gzipped > ALL_STYLES_BUDGET_BYTES ? [{ name: 'all four styles' }] : []),
  ];
  if (over.length > 0) throw new Error(`over budget: ${over.map((bundle) => bundle.name).join(', ')}`);
  console.log('\npacked consumers: ok');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
