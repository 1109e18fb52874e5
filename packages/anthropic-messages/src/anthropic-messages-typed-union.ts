import * as z from 'zod/mini';
import './zod-english.js';

/**
 * A loose `{ type: string }` object checked against the schema registered for its `type`.
 * Unknown types pass untouched (newer block and tool kinds must survive a gateway), known ones
 * report their issues at the block's own path (`messages[0].content[1].id`).
 */
export function typedUnion(known: Record<string, z.ZodMiniType>) {
  return z.looseObject({ type: z.string() }).check(
    z.superRefine((value, ctx) => {
      const schema = Object.hasOwn(known, value.type) ? known[value.type] : undefined;
      if (!schema) return;
      const parsed = schema.safeParse(value);
      if (parsed.success) return;
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue });
    }),
  );
}
