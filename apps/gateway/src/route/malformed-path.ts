import type { IncomingMessage, ServerResponse } from 'node:http';
import { admitRequest, type AdmissionScope } from '../admit/admission.js';
import { errorCodecForPath, sendStyleError, gatewayError } from '../http/style-errors.js';

/** A run of `%XX` escapes, or a `%` not followed by two hex digits. */
const ESCAPE_RUN = /(?:%[0-9A-Fa-f]{2})+|%(?![0-9A-Fa-f]{2}).{0,2}/g;
const SHOWN_CHARS = 40;

/** The first percent-escape of `path` that does not decode (bad hex, or bytes that are not UTF-8), if any. */
export function malformedEscape(path: string): string | undefined {
  if (!path.includes('%')) return undefined;
  for (const match of path.matchAll(ESCAPE_RUN)) {
    try {
      decodeURIComponent(match[0]);
    } catch {
      return match[0].slice(0, SHOWN_CHARS);
    }
  }
  return undefined;
}

/**
 * Routing decodes path parameters and fails on a malformed percent-escape (`%ff`, `%E0%A4%A`)
 * before any route runs. Such a request is answered here instead: it goes through the same
 * admission as every request (logged, key checked, limits counted), then gets a 400 in the
 * style its path implies, naming the escape. True when `path` (the request's, without its
 * query) was malformed and so answered here.
 */
export function refuseMalformedPath(
  gateway: AdmissionScope,
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
): boolean {
  const escape = malformedEscape(path);
  if (escape === undefined) return false;
  void admitRequest(gateway, request, response, path).then((context) => {
    if (!context) return;
    const error = gatewayError(
      'invalid-request',
      `The request path holds a malformed percent-escape "${escape}": each % must be followed by two hex digits, and the escaped bytes must be UTF-8`,
      { code: 'invalid_path_encoding' },
    );
    sendStyleError(context.sink, errorCodecForPath(path, request.headers), error);
  });
  return true;
}
