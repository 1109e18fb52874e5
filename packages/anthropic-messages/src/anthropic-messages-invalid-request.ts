import { invalidRequest, type IrError } from '@interlingua/ir';
import { formatIssuePath } from '@interlingua/ir-utils';
import type { z } from 'zod';

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code !== 'invalid_union') return issue.message;
  const expected = new Set<string>();
  for (const branch of issue.errors) {
    for (const inner of branch)
      if (inner.code === 'invalid_type' && inner.path.length === 0) expected.add(inner.expected);
  }
  return expected.size > 0 ? `Invalid input: expected ${[...expected].join(' or ')}` : issue.message;
}

/** The first zod issue as the `invalid-request` IrError the gateway answers with. */
export function invalidRequestFromZod(error: z.core.$ZodError, prefix: ReadonlyArray<PropertyKey> = []): IrError {
  const issue = error.issues[0];
  if (!issue) return invalidRequest('Invalid request body');
  const path = formatIssuePath([...prefix, ...issue.path]);
  return invalidRequest(
    path === '' ? issueMessage(issue) : `${path}: ${issueMessage(issue)}`,
    path === '' ? undefined : path,
  );
}
