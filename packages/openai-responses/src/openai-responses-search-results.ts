import type { IrCitation, IrWebSearchPart, IrWebSource } from '@interlingua/ir';
import { asRecord, codePointToUtf16, utf16ToCodePoint } from '@interlingua/ir-utils';

type Item = Record<string, unknown> & { type: string };

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A `web_search_call` output item -> IR web search (queries and pages from its `action`). */
export function webSearchCallToIr(item: Item): IrWebSearchPart {
  const action = asRecord(item.action) ?? {};
  const listed = Array.isArray(action.queries) ? action.queries.filter((query) => typeof query === 'string') : [];
  const query = str(action.query);
  const sources: IrWebSource[] = [];
  for (const source of Array.isArray(action.sources) ? action.sources : []) {
    const url = str(asRecord(source)?.url);
    if (url) sources.push({ url });
  }
  const part: IrWebSearchPart = {
    type: 'web-search',
    id: str(item.id) ?? '',
    queries: listed.length > 0 ? listed : query ? [query] : [],
    sources,
    raw: { origin: 'openai', value: [item] },
  };
  if (item.status === 'failed') part.error = 'failed';
  return part;
}

/** An IR web search -> a `web_search_call` item (OpenAI's own when it ran the search). */
export function irSearchToWebSearchCall(part: IrWebSearchPart, id: string): Item {
  const own = part.raw?.origin === 'openai' ? part.raw.value[0] : undefined;
  if (own && typeof own.type === 'string') return own as Item;
  const action: Record<string, unknown> = { type: 'search', query: part.queries[0] ?? '' };
  if (part.queries.length > 0) action.queries = part.queries;
  if (part.sources.length > 0) action.sources = part.sources.map((source) => ({ type: 'url', url: source.url }));
  return { type: 'web_search_call', id, status: part.error ? 'failed' : 'completed', action };
}

/** `output_text` annotations -> IR citations, when every one is a `url_citation`; else undefined. */
export function urlCitationsToIr(
  annotations: readonly unknown[] | null | undefined,
  text: string,
): IrCitation[] | undefined {
  if (!annotations || annotations.length === 0) return undefined;
  const out: IrCitation[] = [];
  for (const annotation of annotations) {
    const found = asRecord(annotation);
    const url = str(found?.url);
    if (!found || found.type !== 'url_citation' || !url) return undefined;
    const citation: IrCitation = { url, raw: { origin: 'openai', value: found } };
    const title = str(found.title);
    if (title) citation.title = title;
    if (typeof found.start_index === 'number') citation.startIndex = codePointToUtf16(text, found.start_index);
    if (typeof found.end_index === 'number') citation.endIndex = codePointToUtf16(text, found.end_index);
    out.push(citation);
  }
  return out;
}

/** An IR citation of `text` -> a `url_citation` annotation (OpenAI's own when it made it); a citation without a span cites the whole text. */
export function irCitationToUrlCitation(citation: IrCitation, text: string): Item {
  const own = citation.raw?.origin === 'openai' ? citation.raw.value : undefined;
  if (own && own.type === 'url_citation') return own as Item;
  return {
    type: 'url_citation',
    start_index: utf16ToCodePoint(text, citation.startIndex ?? 0),
    end_index: utf16ToCodePoint(text, citation.endIndex ?? text.length),
    url: citation.url,
    title: citation.title ?? citation.url,
  };
}
