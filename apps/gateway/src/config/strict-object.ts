import { distance } from 'fastest-levenshtein';
import { z } from 'zod';

/**
 * A config object that refuses fields it does not know, naming each one with the nearest known
 * field (a misspelt `prot` would otherwise be ignored and the default used silently).
 */
export function strictObject<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  const known = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? unknownFieldsMessage(issue.keys, known) : undefined),
  });
}

/** `unknown field "prot"; did you mean "port"?`, one clause per field. */
export function unknownFieldsMessage(fields: readonly string[], known: readonly string[]): string {
  return fields
    .map((field) => {
      const nearest = nearestField(field, known);
      return nearest
        ? `unknown field "${field}"; did you mean "${nearest}"?`
        : `unknown field "${field}" (known fields: ${known.join(', ')})`;
    })
    .join('; ');
}

/** The known field closest to `field` in edit distance (case ignored), when it is close enough to be a slip. */
export function nearestField(field: string, known: readonly string[]): string | undefined {
  let best: { name: string; cost: number } | undefined;
  for (const name of known) {
    const cost = distance(field.toLowerCase(), name.toLowerCase());
    if (!best || cost < best.cost) best = { name, cost };
  }
  const allowed = Math.max(2, Math.floor(field.length / 3));
  return best && best.cost <= allowed ? best.name : undefined;
}
