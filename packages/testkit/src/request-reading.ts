import fc from 'fast-check';
import { expect } from 'vitest';

/** What of an IR request these helpers read (the testkit depends on no Interlingua package). */
interface IrRequest {
  tools?: ReadonlyArray<{ parameters?: object }>;
}

/**
 * The objects and arrays of `ir` that are also in `body`: none, for a request read by hand as the
 * schemas read it (they hand over copies). The nested values of the first tool's parameters are
 * left out: the schemas copy the parameters object only, so those are shared through them too.
 */
export function objectsSharedWithBody(body: unknown, ir: IrRequest | undefined): unknown[] {
  const inBody = new Set<object>();
  const collect = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    inBody.add(node);
    for (const value of Object.values(node)) collect(value);
  };
  collect(body);
  const sharedAsThroughTheSchema = new Set(Object.values(ir?.tools?.[0]?.parameters ?? {}));
  const shared: unknown[] = [];
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null || sharedAsThroughTheSchema.has(node)) return;
    if (inBody.has(node)) shared.push(node);
    else for (const value of Object.values(node)) walk(value);
  };
  walk(ir);
  return shared;
}

/** The upstream bytes of `ir` for each codec, or the encoder's refusal. */
export function upstreamBytes(
  ir: IrRequest,
  codecs: ReadonlyArray<{ request: { fromIr(ir: IrRequest): { value: unknown } } }>,
): string[] {
  return codecs.map((codec) => {
    try {
      return JSON.stringify(codec.request.fromIr(ir).value);
    } catch (error) {
      return String(error);
    }
  });
}

type Codec = Parameters<typeof upstreamBytes>[1][number];

/**
 * Over `candidates`: what `byHand` reads, `bySchema` accepts and reads the same, and the two
 * readings give each codec's upstream the same bytes; both branches run on more than 20 bodies.
 */
export function expectHandReadsAsSchema(
  candidates: fc.Arbitrary<Record<string, unknown>>,
  byHand: (body: Record<string, unknown>) => IrRequest | undefined,
  bySchema: (body: Record<string, unknown>) => IrRequest | undefined,
  codecs: readonly Codec[],
  numRuns: number,
): void {
  const read = { byHand: 0, bySchema: 0 };
  fc.assert(
    fc.property(candidates, (candidate) => {
      const hand = byHand(candidate);
      read[hand ? 'byHand' : 'bySchema']++;
      if (!hand) return;
      const schema = bySchema(candidate);
      expect(schema, JSON.stringify(candidate)).toBeDefined();
      expect(hand).toEqual(schema);
      if (schema) expect(upstreamBytes(hand, codecs)).toEqual(upstreamBytes(schema, codecs));
    }),
    { numRuns },
  );
  expect(read.byHand).toBeGreaterThan(20);
  expect(read.bySchema).toBeGreaterThan(20);
}

/** A request decoder's reading, or undefined when it refuses the body. */
export function readingOf<Body>(
  toIr: (body: Body) => { value: IrRequest },
): (body: Record<string, unknown>) => IrRequest | undefined {
  return (body) => {
    try {
      return toIr(body as Body).value;
    } catch {
      return undefined;
    }
  };
}
