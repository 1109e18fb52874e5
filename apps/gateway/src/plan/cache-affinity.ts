import { createHash } from 'node:crypto';

type Json = Record<string, unknown>;

const asRecord = (value: unknown): Json | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
const nonEmpty = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** Roles of the instructions that open a conversation (chat, Responses) before the first turn. */
const INSTRUCTION_ROLES: ReadonlySet<unknown> = new Set(['system', 'developer']);

/** The opening of a message list up to and including its first real turn. */
function openingTurns(list: unknown): unknown {
  if (!Array.isArray(list)) return list;
  const firstTurn = list.findIndex((item) => !INSTRUCTION_ROLES.has(asRecord(item)?.['role']));
  return list.slice(0, firstTurn === -1 ? list.length : firstTurn + 1);
}

/**
 * The key that decides which target serves a request when the route keeps caches warm, read
 * from the inbound body whatever its style: the caller's own cache or user key
 * (`prompt_cache_key`, `user`, Anthropic `metadata.user_id`, Gemini `cachedContent`), else a hash
 * of the prompt's stable prefix (instructions, tools, the first turn). Undefined when the body
 * has none of these.
 */
export function cacheAffinityKey(body: Json): string | undefined {
  const explicit =
    nonEmpty(body['prompt_cache_key']) ??
    nonEmpty(body['user']) ??
    nonEmpty(asRecord(body['metadata'])?.['user_id']) ??
    nonEmpty(body['cachedContent']);
  if (explicit !== undefined) return `key:${explicit}`;
  const prefix = [
    body['system'] ?? body['instructions'] ?? body['systemInstruction'] ?? null,
    body['tools'] ?? null,
    openingTurns(body['messages'] ?? body['input'] ?? body['contents']) ?? null,
  ];
  if (prefix.every((part) => part === null)) return undefined;
  return `prefix:${createHash('sha256').update(JSON.stringify(prefix)).digest('base64url')}`;
}

/** A number in (0, 1) drawn from the key and the target, the same on every instance. */
function unitDraw(key: string, id: string): number {
  const digest = createHash('sha256').update(key).update('\u0000').update(id).digest();
  const bits = Number(digest.readBigUInt64BE(0) >> 11n);
  return (bits + 1) / (2 ** 53 + 1);
}

/**
 * Targets in the order one affinity key prefers them: grouped by priority (lower first) like the
 * usual order, and within a group by weighted rendezvous hashing, so that one key always starts
 * at the same target, distinct keys spread in proportion to `weight`, and when a target leaves
 * (cooling down) only its keys move, each to its own next choice.
 */
export function affinityOrder<T extends { weight: number; priority: number }>(
  targets: readonly T[],
  key: string,
  idOf: (target: T) => string,
): T[] {
  const scored = targets.map((target) => ({ target, score: target.weight / -Math.log(unitDraw(key, idOf(target))) }));
  scored.sort((a, b) => a.target.priority - b.target.priority || b.score - a.score);
  return scored.map((entry) => entry.target);
}
