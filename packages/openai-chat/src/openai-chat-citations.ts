import type { IrCitation } from '@interlingua/ir';
import { asRecord, openAiUrlCitationsToIr, utf16ToOffsets, type UrlCitationReading } from '@interlingua/ir-utils';

/** A chat `url_citation` annotation, as search models send it. */
export interface OpenAiChatUrlCitation {
  type: 'url_citation';
  url_citation: { start_index: number; end_index: number; title: string; url: string };
}

/**
 * A message's `annotations` -> IR citations of its content `text` (OpenAI counts code points), when
 * every one is a `url_citation`; else undefined (they are then kept as they came). Repeated
 * citations and those past the answer's `CitationBudget` are dropped; a stream passes its reading.
 */
export function chatAnnotationsToIr(
  annotations: unknown,
  text: string,
  reading?: UrlCitationReading,
): IrCitation[] | undefined {
  if (!Array.isArray(annotations) || annotations.length === 0) return undefined;
  const found: Array<Record<string, unknown>> = [];
  for (const annotation of annotations) {
    const citation = asRecord(asRecord(annotation)?.url_citation);
    if (asRecord(annotation)?.type !== 'url_citation' || typeof citation?.url !== 'string') return undefined;
    found.push(citation);
  }
  return openAiUrlCitationsToIr(found, text, reading);
}

/** One text part's citations, placed at `base` (UTF-16) in the message content. */
export interface PlacedChatCitations {
  citations: readonly IrCitation[];
  base: number;
  partLength: number;
}

/** IR citations of the message `content` -> chat annotations, their offsets converted in one walk. */
export function irCitationsToChat(parts: readonly PlacedChatCitations[], content: string): OpenAiChatUrlCitation[] {
  const placed = parts.flatMap(({ citations, base, partLength }) =>
    citations.map((citation) => ({ citation, base, partLength })),
  );
  const indices = placed.flatMap(({ citation, base, partLength }) => [
    base + (citation.startIndex ?? 0),
    base + (citation.endIndex ?? partLength),
  ]);
  const points = utf16ToOffsets(content, indices, 'code-point');
  return placed.map(({ citation }, n) => ({
    type: 'url_citation',
    url_citation: {
      start_index: points[2 * n] ?? 0,
      end_index: points[2 * n + 1] ?? 0,
      title: citation.title ?? citation.url,
      url: citation.url,
    },
  }));
}
