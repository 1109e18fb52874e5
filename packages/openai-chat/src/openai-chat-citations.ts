import type { IrCitation } from '@interlingua/ir';
import {
  asRecord,
  CitationBudget,
  type GrowingTextOffsets,
  offsetsToUtf16,
  utf16ToOffsets,
} from '@interlingua/ir-utils';

/** A chat `url_citation` annotation, as search models send it. */
export interface OpenAiChatUrlCitation {
  type: 'url_citation';
  url_citation: { start_index: number; end_index: number; title: string; url: string };
}

/** How a stream reads its annotations: one budget and one offset walk for the whole answer. */
export interface ChatAnnotationReading {
  budget: CitationBudget;
  offsets: GrowingTextOffsets;
}

/**
 * A message's `annotations` -> IR citations of its content `text` (OpenAI counts code points), when
 * every one is a `url_citation`; else undefined (they are then kept as they came). Repeated
 * citations and those past the answer's `CitationBudget` are dropped.
 */
export function chatAnnotationsToIr(
  annotations: unknown,
  text: string,
  reading?: ChatAnnotationReading,
): IrCitation[] | undefined {
  if (!Array.isArray(annotations) || annotations.length === 0) return undefined;
  const found: Array<Record<string, unknown>> = [];
  for (const annotation of annotations) {
    const citation = asRecord(asRecord(annotation)?.url_citation);
    if (asRecord(annotation)?.type !== 'url_citation' || typeof citation?.url !== 'string') return undefined;
    found.push(citation);
  }
  const offsets = found.flatMap((citation) => [citation.start_index, citation.end_index]);
  const numbers = offsets.map((offset) => (typeof offset === 'number' ? offset : 0));
  const utf16 = reading ? reading.offsets.manyToUtf16(text, numbers) : offsetsToUtf16(text, numbers, 'code-point');
  const budget = reading?.budget ?? new CitationBudget();
  const out: IrCitation[] = [];
  found.forEach((annotation, n) => {
    const citation: IrCitation = { url: annotation.url as string };
    if (typeof annotation.title === 'string' && annotation.title !== '') citation.title = annotation.title;
    if (typeof annotation.start_index === 'number') citation.startIndex = utf16[2 * n];
    if (typeof annotation.end_index === 'number') citation.endIndex = utf16[2 * n + 1];
    if (budget.admit(citation)) out.push(citation);
  });
  return out;
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
