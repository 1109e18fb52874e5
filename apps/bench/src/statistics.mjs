/**
 * Small statistics over samples: percentiles of latencies, and a median with its spread for
 * figures repeated over ABBA passes.
 *
 * @typedef {{ median: number; min: number; max: number; n: number }} Spread
 */

/**
 * The p-th percentile (nearest rank) of unsorted values; NaN when there are none.
 * @param {number[]} values
 * @param {number} p 0..100
 */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return /** @type {number} */ (sorted[rank]);
}

/**
 * The median of the finite values and their range.
 * @param {number[]} values
 * @returns {Spread}
 */
export function spread(values) {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN, n: 0 };
  const sorted = [...finite].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1
      ? /** @type {number} */ (sorted[middle])
      : /** @type {number} */ (sorted[middle - 1] + /** @type {number} */ (sorted[middle])) / 2;
  return {
    median,
    min: /** @type {number} */ (sorted[0]),
    max: /** @type {number} */ (sorted[sorted.length - 1]),
    n: sorted.length,
  };
}

/**
 * Least-squares slope of y over x (NaN with fewer than two points).
 * @param {number[]} x
 * @param {number[]} y
 */
export function slope(x, y) {
  const n = Math.min(x.length, y.length);
  if (n < 2) return Number.NaN;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < n; i++) {
    sx += /** @type {number} */ (x[i]);
    sy += /** @type {number} */ (y[i]);
  }
  const mx = sx / n;
  const my = sy / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    const dx = /** @type {number} */ (x[i]) - mx;
    num += dx * /** @type {number} */ (y[i] - my);
    den += dx * dx;
  }
  return den === 0 ? Number.NaN : num / den;
}
