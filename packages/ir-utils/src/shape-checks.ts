/**
 * Building blocks of the style packages' hand-written request checks (their `*-plain-request.ts`
 * fast readers): each check is true only for a value the style's request schema accepts as it is.
 */
export type Check = (value: unknown) => boolean;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object holding only the named fields (absent ones are fine), each passing its check. */
export function fieldsOf(value: unknown, checks: Readonly<Record<string, Check>>): boolean {
  if (!isRecord(value)) return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) return false;
    const check = Object.hasOwn(checks, key) ? checks[key] : undefined;
    if (!check || !check(value[key])) return false;
  }
  return true;
}

/** An array with at least one element. */
export const isNonEmptyArray: Check = (value) => Array.isArray(value) && value.length > 0;
export const isString: Check = (value) => typeof value === 'string';
export const isBoolean: Check = (value) => typeof value === 'boolean';
export const nullish =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);
export const anything: Check = () => true;
export const typeIs =
  (type: string): Check =>
  (value) =>
    value === type;

/** A required field is present (the checks of `fieldsOf` only see fields that are there). */
export const has = (value: unknown, key: string): boolean => (value as Record<string, unknown>)[key] !== undefined;

/** An array whose every item passes `check`. */
export const arrayOf =
  (check: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every(check);

/** One of the named strings. */
export const anyOf =
  (...values: readonly string[]): Check =>
  (value) =>
    typeof value === 'string' && values.includes(value);
