/** A `data:<media type>;base64,<data>` URL split into its parts, or undefined for other strings. */
export function parseDataUrl(url: string): { mediaType: string; data: string } | undefined {
  const match = /^data:([^;,]*)(?:;[^;,]*)*;base64,/i.exec(url);
  if (!match) return undefined;
  return { mediaType: match[1] ?? '', data: url.slice(match[0].length) };
}

/** `data:<media type>;base64,<data>`. */
export function toDataUrl(mediaType: string, data: string): string {
  return `data:${mediaType};base64,${data}`;
}
