import * as z from 'zod/mini';
import './zod-english.js';

/**
 * A check that parses the value again with the schema `schemaOf` picks for it (none: the value
 * passes) and reports that schema's issues as its own, at the value's path. What zod's
 * `superRefine` gives through `ctx.addIssue`, without the code only that would bring into a
 * browser translator.
 */
export function checkedBy<T>(schemaOf: (value: T) => z.ZodMiniType | undefined): z.core.$ZodCheck<T> {
  return z.check<T>((payload) => {
    const parsed = schemaOf(payload.value)?.safeParse(payload.value);
    if (parsed && !parsed.success)
      for (const issue of parsed.error.issues)
        payload.issues.push({ ...issue, input: payload.value, continue: true } as z.core.$ZodRawIssue);
  });
}

/**
 * A loose `{ type: string }` object checked against the schema registered for its `type`.
 * Unknown types pass untouched (newer block and tool kinds must survive a gateway), known ones
 * report their issues at the block's own path (`messages[0].content[1].id`).
 */
export function typedUnion(known: Record<string, z.ZodMiniType>) {
  return z
    .looseObject({ type: z.string() })
    .check(checkedBy((value) => (Object.hasOwn(known, value.type) ? known[value.type] : undefined)));
}
