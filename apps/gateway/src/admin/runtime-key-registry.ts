import { compileKey, secretMatches, sha256, type GatewayKey } from '../auth/api-keys.js';
import type { KeyConfig } from '../config/config-schema.js';
import type { KeyChange } from '../operations/gateway-ops.js';
import type { RuntimeKeyStore, StoredRuntimeKey } from './runtime-key-store.js';

type KeyLimitFields = Pick<
  KeyConfig,
  'models' | 'endpoints' | 'rpm' | 'tpm' | 'budgets' | 'mcp' | 'cache' | 'expiresAt'
>;

/** What a key allows, as a config entry writes it (the fields it has): shared by config and runtime keys. */
export function keyLimitFields(key: KeyLimitFields): KeyLimitFields {
  return {
    models: key.models,
    ...(key.endpoints ? { endpoints: key.endpoints } : {}),
    ...(key.rpm !== undefined ? { rpm: key.rpm } : {}),
    ...(key.tpm !== undefined ? { tpm: key.tpm } : {}),
    budgets: key.budgets,
    ...(key.mcp ? { mcp: key.mcp } : {}),
    ...(key.cache === false ? { cache: false as const } : {}),
    ...(key.expiresAt ? { expiresAt: key.expiresAt } : {}),
  };
}

/**
 * The enabled runtime keys of the database, held in memory by the SHA-256 of their secrets so a
 * request is authenticated without a database call. Every `refreshMs` a cheap version query
 * tells whether any instance changed a key; only then are the keys read again. Changes made
 * through this instance apply at once (`apply`, on every worker). Keys revoked while the
 * database could not record it are refused here until a later change of theirs is saved.
 */
export class RuntimeKeyRegistry {
  private byDigest = new Map<string, GatewayKey>();
  /** Every runtime key's name (disabled ones too) and its id. */
  private idByName = new Map<string, string>();
  private readonly refused = new Set<string>();
  private version = '';
  private timer: NodeJS.Timeout | undefined;
  /** Loads run one after another, so a load asked for after a change sees that change. */
  private chain: Promise<void> = Promise.resolve();
  private ticking = false;

  constructor(
    private readonly store: RuntimeKeyStore,
    private readonly onError: (operation: string, error: unknown) => void,
    /** Told after each refresh that reached the database. */
    private readonly onRefreshed: () => void = () => undefined,
    /** The clock a previous secret's overlap is checked against. */
    private readonly now: () => number = Date.now,
  ) {}

  /** Loads the keys, then follows changes every `refreshMs`. */
  async start(refreshMs: number): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => {
      if (this.ticking) return;
      this.ticking = true;
      this.refresh()
        .then(() => this.onRefreshed())
        .catch((error: unknown) => this.onError('runtime keys refresh', error))
        .finally(() => {
          this.ticking = false;
        });
    }, refreshMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /**
   * The enabled runtime key whose secret this is, or whose previous secret it is within its
   * overlap (compared in constant time), if any.
   */
  find(presented: string): GatewayKey | undefined {
    const digest = sha256(presented);
    const key = this.byDigest.get(digest.toString('hex'));
    return key && secretMatches(key, digest, this.now()) && !this.refused.has(key.id) ? key : undefined;
  }

  /** The id of the runtime key with this name, as last read. */
  idOfName(name: string): string | undefined {
    return this.idByName.get(name);
  }

  /** The name of the runtime key with this id, as last read. */
  nameOfId(id: string): string | undefined {
    for (const [name, known] of this.idByName) if (known === id) return name;
    return undefined;
  }

  /**
   * Applies a change made through this instance: refuses or stops refusing the named ids at once,
   * then reads the keys again (a database that does not answer leaves the refusals in force).
   */
  async apply(change: KeyChange): Promise<void> {
    for (const id of change.refuse ?? []) this.refused.add(id);
    for (const id of change.allow ?? []) this.refused.delete(id);
    await this.refresh(true).catch((error: unknown) => this.onError('runtime keys refresh', error));
  }

  /** Reads the keys again when any instance changed one (`force`: in any case). */
  refresh(force = false): Promise<void> {
    const next = this.chain.catch(() => undefined).then(() => this.load(force));
    this.chain = next;
    return next;
  }

  private async load(force: boolean): Promise<void> {
    const version = await this.store.version();
    if (!force && version === this.version) return;
    const keys = await this.store.listForAuth();
    const previous = await this.store.previousSecrets();
    const byDigest = new Map<string, GatewayKey>();
    for (const stored of keys.filter((key) => !key.disabled)) {
      const key = gatewayKeyOf(stored, previous.get(stored.id) ?? []);
      byDigest.set(stored.secretSha256, key);
      for (const { secretSha256 } of previous.get(stored.id) ?? []) {
        if (!byDigest.has(secretSha256)) byDigest.set(secretSha256, key);
      }
    }
    this.byDigest = byDigest;
    this.idByName = new Map(keys.map((key) => [key.name, key.id]));
    this.version = version;
  }
}

function gatewayKeyOf(
  key: StoredRuntimeKey,
  previous: ReadonlyArray<{ secretSha256: string; validUntil: number }>,
): GatewayKey {
  const compiled = compileKey(
    {
      name: key.name,
      secretHash: `sha256:${key.secretSha256}`,
      ...keyLimitFields(key),
    },
    key.id,
  );
  const withTeam = key.teamLimits ? { ...compiled, team: key.teamLimits } : compiled;
  if (previous.length === 0) return withTeam;
  return {
    ...withTeam,
    previousSecrets: previous.map(({ secretSha256, validUntil }) => ({
      digest: Buffer.from(secretSha256, 'hex'),
      until: validUntil,
    })),
  };
}
