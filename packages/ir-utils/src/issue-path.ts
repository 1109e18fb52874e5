/**
 * A schema issue's path as the error messages name the field (`messages[0].content[1].id`),
 * written after `base` when there is one.
 */
export function formatIssuePath(path: readonly PropertyKey[], base = ''): string {
  let out = base;
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}
