import type { IrCitation, IrWebSearchPart, IrWebSource } from '@interlingua/ir';
import { asRecord, asString, CitationBudget, offsetsToUtf16, utf16ToOffsets } from '@interlingua/ir-utils';

type Data = Record<string, unknown>;

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A citation of the text part at `part` (position among the answer's text parts), offsets relative to it. */
export interface PlacedCitation {
  part: number;
  citation: IrCitation;
}

/** True when a candidate's `groundingMetadata` says a search ran (Gemini streams `{}` until it has). */
export function isGrounded(metadata: unknown): metadata is Data {
  const record = asRecord(metadata);
  return !!record && (list(record.webSearchQueries).length > 0 || list(record.groundingChunks).length > 0);
}

function chunkSources(metadata: Data): Array<IrWebSource | undefined> {
  return list(metadata.groundingChunks).map((chunk) => {
    const web = asRecord(asRecord(chunk)?.web);
    const url = asString(web?.uri);
    if (!url) return undefined;
    const title = asString(web?.title);
    return title ? { url, title } : { url };
  });
}

/**
 * `groundingMetadata` -> one IR web search (kept whole as Gemini's raw) and the citations its
 * `groundingSupports` make: a segment's UTF-8 byte offsets count the answer's text parts joined,
 * and become UTF-16 offsets into the text part where the segment starts. One citation per
 * distinct page and span, within the answer's `CitationBudget`.
 */
export function groundingToIr(metadata: Data, id: string, texts: readonly string[]) {
  const sources = chunkSources(metadata);
  const queries = list(metadata.webSearchQueries).filter((query): query is string => typeof query === 'string');
  const search: IrWebSearchPart = {
    type: 'web-search',
    id,
    queries,
    sources: sources.filter((source): source is IrWebSource => source !== undefined),
    raw: { origin: 'gemini', value: [metadata] },
  };
  const joined = texts.join('');
  const starts: number[] = [];
  texts.reduce((offset, text) => (starts.push(offset), offset + text.length), 0);
  const supports = list(metadata.groundingSupports).map((support) => asRecord(support) ?? {});
  const bytes = supports.flatMap((support) => {
    const segment = asRecord(support.segment) ?? {};
    return [segment.startIndex, segment.endIndex].map((index) => (typeof index === 'number' ? index : 0));
  });
  const offsets = offsetsToUtf16(joined, bytes, 'utf8');
  const budget = new CitationBudget();
  const citations: PlacedCitation[] = [];
  supports.forEach((support, n) => {
    const start = offsets[2 * n] ?? 0;
    const end = offsets[2 * n + 1] ?? 0;
    let part = starts.length - 1;
    while (part > 0 && (starts[part] ?? 0) > start) part--;
    if (part < 0) return;
    const base = starts[part] ?? 0;
    const limit = (texts[part] ?? '').length;
    for (const chunk of list(support.groundingChunkIndices)) {
      const source = typeof chunk === 'number' ? sources[chunk] : undefined;
      if (!source) continue;
      const citation: IrCitation = { ...source, startIndex: start - base, endIndex: Math.min(end - base, limit) };
      if (budget.admit(citation, part)) citations.push({ part, citation });
    }
  });
  return { search, citations };
}

/**
 * IR web searches and citations -> `groundingMetadata`: Gemini's own when it ran the search;
 * otherwise chunks from the pages found and cited, and one support per cited span (UTF-8 byte
 * offsets into the answer's text parts joined). A citation without a span covers its whole part.
 */
export function irToGroundingMetadata(
  searches: readonly IrWebSearchPart[],
  texts: readonly string[],
  citations: readonly PlacedCitation[],
): Data | undefined {
  const own = searches.find((search) => search.raw?.origin === 'gemini')?.raw?.value[0];
  if (own) return own;
  if (searches.length === 0 && citations.length === 0) return undefined;
  const chunks: Data[] = [];
  const chunkOf = new Map<string, number>();
  const add = (source: IrWebSource): number => {
    let index = chunkOf.get(source.url);
    if (index === undefined) {
      index = chunks.push({ web: { uri: source.url, title: source.title ?? source.url } }) - 1;
      chunkOf.set(source.url, index);
    }
    return index;
  };
  for (const search of searches) search.sources.forEach(add);
  const joined = texts.join('');
  const supports = new Map<string, { start: number; end: number; groundingChunkIndices: number[] }>();
  let base = 0;
  texts.forEach((text, part) => {
    for (const placed of citations) {
      if (placed.part !== part) continue;
      const start = base + (placed.citation.startIndex ?? 0);
      const end = base + (placed.citation.endIndex ?? text.length);
      const key = `${start}:${end}`;
      let support = supports.get(key);
      if (!support) {
        support = { start, end, groundingChunkIndices: [] };
        supports.set(key, support);
      }
      const index = add(placed.citation);
      if (!support.groundingChunkIndices.includes(index)) support.groundingChunkIndices.push(index);
    }
    base += text.length;
  });
  const spans = [...supports.values()];
  const bytes = utf16ToOffsets(
    joined,
    spans.flatMap(({ start, end }) => [start, end]),
    'utf8',
  );
  const grounding = spans.map(({ start, end, groundingChunkIndices }, n) => ({
    segment: { startIndex: bytes[2 * n] ?? 0, endIndex: bytes[2 * n + 1] ?? 0, text: joined.slice(start, end) },
    groundingChunkIndices,
  }));
  const metadata: Data = { webSearchQueries: searches.flatMap((search) => search.queries), groundingChunks: chunks };
  if (grounding.length > 0) metadata.groundingSupports = grounding;
  return metadata;
}
