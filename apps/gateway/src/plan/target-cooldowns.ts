import { LRUCache } from 'lru-cache';
import type { RoutingConfig } from '../config/operations-schema.js';
import { FAILURE_COUNTER_PREFIX, type StateStore } from '../store/state-store.js';
import type { TargetHealth } from '../context/call-ops.js';

/** How often a target's shared cooldown state is re-read from the store, at most. */
const REFRESH_MS = 1_000;

/**
 * How many targets this instance remembers. Target ids carry the upstream model, which a caller
 * picks on glob routes (`openai/*`), so the memory must be bounded; a target that falls out is
 * simply asked of the store again on its next use.
 */
export const MAX_KNOWN_TARGETS = 10_000;

/** Bytes the remembered targets may take, their ids counted at two bytes a character. */
export const MAX_KNOWN_TARGET_BYTES = 4 * 1024 * 1024;

/** What one remembered target costs beside its id. */
const KNOWN_OVERHEAD_BYTES = 64;

interface Known {
  /** Local knowledge: cooling until (epoch ms). */
  until: number;
  /** Last time the store was asked. */
  checkedAt: number;
}

/**
 * Cools down targets that keep failing: failures are counted in the store per target within
 * `cooldown.windowMs`; reaching `cooldown.failures` marks the target cooling for
 * `cooldown.durationMs` (`StateStore.coolDown`, so other instances see it too). Reading is never
 * on the request path: `isCooling` answers from what this instance knows and refreshes that from
 * the store in the background, at most once a second per target.
 */
export class TargetCooldowns implements TargetHealth {
  private readonly known: LRUCache<string, Known>;

  constructor(
    private readonly store: StateStore,
    private readonly onStoreError: (operation: string, error: unknown) => void,
    private readonly now: () => number = Date.now,
    maxKnown = MAX_KNOWN_TARGETS,
    maxKnownBytes = MAX_KNOWN_TARGET_BYTES,
  ) {
    this.known = new LRUCache<string, Known>({
      max: maxKnown,
      maxSize: maxKnownBytes,
      sizeCalculation: (_known, id) => 2 * id.length + KNOWN_OVERHEAD_BYTES,
    });
  }

  /** How many targets this instance remembers (bounded by `maxKnown`). */
  get knownCount(): number {
    return this.known.size;
  }

  /** About how many bytes the remembered targets take (bounded by `maxKnownBytes`). */
  get knownBytes(): number {
    return this.known.calculatedSize;
  }

  isCooling(id: string): boolean {
    const now = this.now();
    const known = this.known.get(id);
    if (!known || now - known.checkedAt >= REFRESH_MS) this.refresh(id, now);
    return known !== undefined && known.until > now;
  }

  /** Counts a failure; cools the target down when it reached the threshold. */
  failed(id: string, config: RoutingConfig['cooldown']): void {
    if (config.failures === 0) return;
    this.store
      .increment(`${FAILURE_COUNTER_PREFIX}${id}`, 1, config.windowMs)
      .then((count) => {
        if (count >= config.failures) this.coolFor(id, config.durationMs);
      })
      .catch((error: unknown) => this.onStoreError('cooldown', error));
  }

  /** Cools a target down for `ms` now (also used when it asked callers to wait longer than the gateway will). */
  coolFor(id: string, ms: number): void {
    const now = this.now();
    this.known.set(id, { until: now + ms, checkedAt: now });
    this.store.coolDown(id, ms).catch((error: unknown) => this.onStoreError('cooldown', error));
  }

  private refresh(id: string, now: number): void {
    const entry = this.known.get(id) ?? { until: 0, checkedAt: now };
    entry.checkedAt = now;
    this.known.set(id, entry);
    this.store
      .isCoolingDown(id)
      .then((cooling) => {
        // The store does not say for how long; hold the answer until the next refresh.
        if (cooling) entry.until = Math.max(entry.until, this.now() + REFRESH_MS);
      })
      .catch((error: unknown) => this.onStoreError('cooldown', error));
  }
}

/** The cooldown id of a target: provider id and upstream model. */
export function targetId(target: { settings: { id: string }; upstreamModel: string }): string {
  return `${target.settings.id}/${target.upstreamModel}`;
}
