#!/usr/bin/env node
// The shipped price catalog: `node scripts/refresh-prices.mjs` pins the newest version of the catalog package in the
// gateway and records the day it was published (the prices' date) in accounting/price-catalog-snapshot.ts;
// `--check` only says which version is pinned and how old its prices are. Run `pnpm install` after a refresh.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const PACKAGE = '@pydantic/genai-prices';
const root = new URL('../', import.meta.url);
const manifestUrl = new URL('apps/gateway/package.json', root);
const snapshotUrl = new URL('apps/gateway/src/accounting/price-catalog-snapshot.ts', root);

function pinned() {
  const text = readFileSync(snapshotUrl, 'utf8');
  return { version: /version: '([^']+)'/.exec(text)?.[1], publishedAt: /publishedAt: '([^']+)'/.exec(text)?.[1] };
}

function ageInDays(day) {
  return Math.floor((Date.now() - Date.parse(`${day}T00:00:00Z`)) / 86_400_000);
}

if (process.argv.includes('--check')) {
  const { version, publishedAt } = pinned();
  console.log(`${PACKAGE}@${version}: prices as of ${publishedAt}, ${ageInDays(publishedAt)} days old`);
  process.exit(0);
}

const view = JSON.parse(execFileSync('npm', ['view', PACKAGE, 'version', 'time', '--json'], { encoding: 'utf8' }));
const version = view.version;
const publishedAt = String(view.time[version]).slice(0, 10);
const manifest = JSON.parse(readFileSync(manifestUrl, 'utf8'));
manifest.dependencies[PACKAGE] = version;
writeFileSync(manifestUrl, `${JSON.stringify(manifest, null, 2)}\n`);
const snapshot = readFileSync(snapshotUrl, 'utf8')
  .replace(/version: '[^']+'/, `version: '${version}'`)
  .replace(/publishedAt: '[^']+'/, `publishedAt: '${publishedAt}'`);
writeFileSync(snapshotUrl, snapshot);
console.log(`${PACKAGE} pinned at ${version} (published ${publishedAt}); now run pnpm install and the price tests`);
