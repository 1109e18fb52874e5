/** The parts of a zod issue the error messages read (typed by shape, so issues of any zod build fit). */
export interface SchemaIssue {
  code?: string;
  path: PropertyKey[];
  message: string;
  /** The branches' issues of a failed union. */
  errors?: SchemaIssue[][];
}

/**
 * For a failed union, the issue of the branch that got furthest (the longest path, joined to the
 * union's own), so `tools[0].function.name: Too big` is reported rather than `tools[0]: Invalid
 * input`; any other issue as it is.
 */
export function deepestIssue(issue: SchemaIssue): { path: PropertyKey[]; message: string } {
  if (issue.code !== 'invalid_union' || !issue.errors || issue.errors.length === 0)
    return { path: [...issue.path], message: issue.message };
  let best: { path: PropertyKey[]; message: string } | undefined;
  for (const branch of issue.errors) {
    const first = branch[0];
    if (!first) continue;
    const candidate = deepestIssue(first);
    if (!best || candidate.path.length > best.path.length) best = candidate;
  }
  return best
    ? { path: [...issue.path, ...best.path], message: best.message }
    : { path: [...issue.path], message: issue.message };
}
