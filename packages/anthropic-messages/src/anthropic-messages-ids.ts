/** FNV-1a over a string, as 32-bit unsigned. */
function fnv1a(text: string, seed: number): number {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** A stable 24-character base-62-ish string derived from `seed`. */
function stableSuffix(seed: string): string {
  let out = '';
  for (let round = 0; out.length < 24; round++)
    out += fnv1a(`${round}:${seed}`, 0x811c9dc5 + round)
      .toString(36)
      .padStart(7, '0');
  return out.slice(0, 24);
}

/** A `toolu_…` id for a tool call that came without one; the same seed gives the same id. */
export function syntheticToolUseId(seed: string): string {
  return `toolu_${stableSuffix(seed)}`;
}

/** Tool-use ids must match `^[a-zA-Z0-9_-]+$`; ids that do not are replaced by a stable synthetic one. */
export function anthropicToolUseId(id: string, seed: string): string {
  if (/^[a-zA-Z0-9_-]+$/.test(id)) return id;
  return syntheticToolUseId(id === '' ? seed : id);
}
