import type { IncomingMessage } from 'node:http';
import type { IrError } from '@interlingua/ir';
import type { z } from 'zod';
import { formatIssues } from '../config/load-config.js';
import type { RequestContext } from '../context/request-context.js';
import { readBody } from '../http/read-body.js';
import { gatewayError } from '../http/style-errors.js';

/** The admin API's JSON bodies: read (bounded) and checked, each fault a 400 naming the problem; its JSON answers. */

const MAX_BODY_BYTES = 64 * 1024;

/** The request body as JSON (at most 64 KiB); a 400 naming the problem otherwise. */
export async function readJson(request: IncomingMessage): Promise<unknown> {
  const text = (await readBody(request, MAX_BODY_BYTES)).toString('utf8');
  try {
    return JSON.parse(text || '{}') as unknown;
  } catch {
    throw gatewayError('invalid-request', 'The request body is not valid JSON', { code: 'invalid_json' });
  }
}

/** The body checked against a key schema; a 400 naming each wrong field otherwise. */
export function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw gatewayError('invalid-request', formatIssues(parsed.error.issues).join('; '), { code: 'invalid_key_fields' });
  return parsed.data;
}

/** 409: the `name` a body gives is another's already. */
export function nameTaken(message: string, code: string): IrError {
  return gatewayError('invalid-request', message, { status: 409, code, param: 'name' });
}

/** An admin API answer: JSON that no cache keeps. */
export function sendAdminJson(context: Pick<RequestContext, 'sink'>, status: number, body: unknown): void {
  context.sink.sendJson(status, body, { 'cache-control': 'no-store' });
}
