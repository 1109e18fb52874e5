import { randomBytes } from 'node:crypto';

/**
 * The opaque artefacts a verifying upstream handed out, each bound to what it signed (the thinking
 * text, the call, the item id). Like a provider, the upstream accepts back only an artefact it
 * issued, unchanged, on the same content.
 */
export class IssuedArtefacts {
  private readonly issued = new Map<string, string>();

  constructor(private readonly prefix: string) {}

  /** A fresh artefact bound to `bound`: base64, as providers' are. */
  issue(bound: string): string {
    const artefact = `${this.prefix}${randomBytes(48).toString('base64')}`;
    this.issued.set(artefact, bound);
    return artefact;
  }

  /** True when `artefact` was issued here, byte for byte, for `bound`. */
  verifies(artefact: unknown, bound: string): boolean {
    return typeof artefact === 'string' && this.issued.get(artefact) === bound;
  }

  /** Every artefact issued so far. */
  all(): string[] {
    return [...this.issued.keys()];
  }
}

/** How many earlier answers of the model a request carries: a conversation's step. */
export function modelTurns(turns: readonly unknown[], role: string): number {
  return turns.filter((turn) => typeof turn === 'object' && turn !== null && (turn as { role?: unknown }).role === role)
    .length;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function recordsIn(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/**
 * The script every verifying upstream follows: the first two steps of a conversation answer with
 * reasoning and two parallel calls of `weather`; later steps answer with reasoning and text.
 */
export const SCRIPTED_CITIES = [
  ['Paris', 'Rome'],
  ['Oslo', 'Lima'],
] as const;

export function citiesForStep(step: number): readonly [string, string] | undefined {
  return SCRIPTED_CITIES[step];
}
