import type { IrCitation, IrWebSearchPart, IrWebSource } from '@interlingua/ir';
import {
  asRecord,
  asString,
  openAiUrlCitationsToIr,
  utf16ToOffsets,
  type UrlCitationReading,
} from '@interlingua/ir-utils';

type Item = Record<string, unknown> & { type: string };

/** A `web_search_call` output item -> IR web search (queries and pages from its `action`). */
export function webSearchCallToIr(item: Item): IrWebSearchPart {
  const action = asRecord(item.action) ?? {};
  const listed = Array.isArray(action.queries) ? action.queries.filter((query) => typeof query === 'string') : [];
  const query = asString(action.query);
  const sources: IrWebSource[] = [];
  for (const source of Array.isArray(action.sources) ? action.sources : []) {
    const url = asString(asRecord(source)?.url);
    if (url) sources.push({ url });
  }
  const part: IrWebSearchPart = {
    type: 'web-search',
    id: asString(item.id) ?? '',
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

/**
 * `output_text` annotations -> IR citations, when every one is a `url_citation`; else undefined.
 * Repeated citations and those past the answer's `CitationBudget` are dropped.
 */
export function urlCitationsToIr(
  annotations: readonly unknown[] | null | undefined,
  text: string,
  reading?: UrlCitationReading,
): IrCitation[] | undefined {
  if (!annotations || annotations.length === 0) return undefined;
  const found: Item[] = [];
  for (const annotation of annotations) {
    const record = asRecord(annotation);
    if (!record || record.type !== 'url_citation' || !asString(record.url)) return undefined;
    found.push(record as Item);
  }
  return openAiUrlCitationsToIr(found, text, reading, (value) => ({ raw: { origin: 'openai', value } }));
}

/**
 * IR citations of `text` -> `url_citation` annotations (OpenAI's own when it made them), their
 * offsets converted in one walk; a citation without a span cites the whole text.
 */
export function irCitationsToUrlCitations(citations: readonly IrCitation[], text: string): Item[] {
  const indices = citations.flatMap((citation) => [citation.startIndex ?? 0, citation.endIndex ?? text.length]);
  const points = utf16ToOffsets(text, indices, 'code-point');
  return citations.map((citation, n) => {
    const own = citation.raw?.origin === 'openai' ? citation.raw.value : undefined;
    if (own && own.type === 'url_citation') return own as Item;
    return {
      type: 'url_citation',
      start_index: points[2 * n] ?? 0,
      end_index: points[2 * n + 1] ?? 0,
      url: citation.url,
      title: citation.title ?? citation.url,
    };
  });
}
