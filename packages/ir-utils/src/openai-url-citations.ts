import type { IrCitation } from '@interlingua/ir';
import { CitationBudget } from './citation-budget.js';
import { offsetsToUtf16, type GrowingTextOffsets } from './text-offsets.js';

/** How an answer's OpenAI citations are read: its citation budget and, in a stream, one walk over its growing text. */
export interface UrlCitationReading {
  budget: CitationBudget;
  offsets?: GrowingTextOffsets;
}

/**
 * OpenAI `url_citation`s (chat's `url_citation` objects, Responses annotations: `url`, `title`,
 * `start_index` and `end_index` in code points) -> IR citations of `text`, their offsets
 * converted in one walk. Repeated citations and those past the answer's budget are dropped;
 * `extra` adds what a style keeps of each (Responses keeps the annotation as sent).
 */
export function openAiUrlCitationsToIr(
  found: ReadonlyArray<Record<string, unknown>>,
  text: string,
  reading: UrlCitationReading = { budget: new CitationBudget() },
  extra: (annotation: Record<string, unknown>) => Partial<IrCitation> = () => ({}),
): IrCitation[] {
  const points = found.flatMap((annotation) => [annotation.start_index, annotation.end_index]);
  const numbers = points.map((point) => (typeof point === 'number' ? point : 0));
  const utf16 = reading.offsets
    ? reading.offsets.manyToUtf16(text, numbers)
    : offsetsToUtf16(text, numbers, 'code-point');
  const out: IrCitation[] = [];
  found.forEach((annotation, n) => {
    const citation: IrCitation = {
      url: typeof annotation.url === 'string' ? annotation.url : '',
      ...extra(annotation),
    };
    if (typeof annotation.title === 'string' && annotation.title !== '') citation.title = annotation.title;
    if (typeof annotation.start_index === 'number') citation.startIndex = utf16[2 * n];
    if (typeof annotation.end_index === 'number') citation.endIndex = utf16[2 * n + 1];
    if (reading.budget.admit(citation)) out.push(citation);
  });
  return out;
}
