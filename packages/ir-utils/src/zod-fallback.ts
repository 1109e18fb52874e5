import * as z from 'zod/mini';

/**
 * `schema`, reading as `fallback` whatever `schema` rejects: zod's `z.catch(schema, fallback)`
 * built without `z.catch`, whose constant-value branch reaches into zod's whole `util` namespace
 * and so keeps all of it (about 8 KB minified) in every browser bundle that catches anything.
 */
export function withFallback<T extends z.ZodMiniType>(schema: T, fallback: z.output<T>): z.ZodMiniCatch<T> {
  return new z.ZodMiniCatch({ type: 'catch', innerType: schema, catchValue: () => fallback }) as z.ZodMiniCatch<T>;
}
