/** A model-name glob: `*` matches any run of characters (slashes included), `?` one character. */
export function globToRegExp(glob: string): RegExp {
  const source = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '(.*)')
    .replace(/\?/g, '.');
  return new RegExp(`^${source}$`, 's');
}

export function isGlob(name: string): boolean {
  return name.includes('*') || name.includes('?');
}
