import type { IncomingHttpHeaders } from 'node:http';
import { upstreamError } from './style-errors.js';

/** The type of every JSON answer, whatever type the upstream labelled its bytes with. */
export const JSON_CONTENT_TYPE = 'application/json';
/** The type of every server-sent-events answer. */
export const SSE_CONTENT_TYPE = 'text/event-stream';

/**
 * Labels an upstream may put on a JSON body: JSON types (`+json` suffixes included), and the
 * plain-text and octet-stream labels some compatible servers use. Anything else (an HTML error
 * page of a proxy, XML) is not served as an answer.
 */
const JSON_LABEL =
  /^\s*(?:application\/(?:[\w.-]+\+)?json|text\/json|text\/plain|application\/octet-stream)\s*(?:;|$)/i;

/**
 * Refuses an upstream answer whose `Content-Type` says it is not JSON where the endpoint
 * answers JSON: a 502 naming the type, in the caller's style once thrown. No type at all passes
 * (the body is still parsed, and refused when it is not JSON).
 */
export function requireJsonAnswer(headers: IncomingHttpHeaders): void {
  const given = headers['content-type'];
  if (given === undefined || given === '' || JSON_LABEL.test(given)) return;
  throw upstreamError(
    `The upstream provider answered with content type "${given.slice(0, 100)}" where JSON was expected`,
  );
}
