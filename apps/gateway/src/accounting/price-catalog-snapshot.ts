// Written by `node scripts/refresh-prices.mjs`: the price catalog package pinned in the lockfile and the day that
// version was published (the prices' date). Edit through the script, never by hand.
export const PRICE_CATALOG_SNAPSHOT = {
  package: '@pydantic/genai-prices',
  version: '0.1.8',
  publishedAt: '2026-09-23',
} as const;
