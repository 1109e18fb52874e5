/**
 * The `?key=` query parameter Gemini clients send their key in. Reading the key and redacting it
 * from logged URLs go through the same parse (`URLSearchParams`, which percent-decodes names:
 * `?%6bey=` is `key`), so nothing accepted as a key can be left in a log line.
 */
const KEY_PARAM = 'key';

/** The key a query string carries, as the gateway accepts it. */
export function queryKey(query: URLSearchParams): string | null {
  return query.get(KEY_PARAM);
}

/**
 * `url` with the value of every query parameter whose name decodes to `key` (in any case, a
 * superset of what is accepted) replaced by `[redacted]`; the rest is kept as sent.
 */
export function redactQueryKey(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const hash = url.indexOf('#', start);
  const end = hash === -1 ? url.length : hash;
  const pairs = url.slice(start + 1, end).split('&');
  let redacted = false;
  for (let i = 0; i < pairs.length; i++) {
    const pair = pairs[i] ?? '';
    const equals = pair.indexOf('=');
    const rawName = equals === -1 ? pair : pair.slice(0, equals);
    const [entry] = new URLSearchParams(`${rawName}=`);
    if (entry?.[0].toLowerCase() !== KEY_PARAM) continue;
    pairs[i] = `${rawName}=[redacted]`;
    redacted = true;
  }
  return redacted ? `${url.slice(0, start + 1)}${pairs.join('&')}${url.slice(end)}` : url;
}
