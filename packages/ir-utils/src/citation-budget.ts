import type { IrCitation } from '@interlingua/ir';

/**
 * The most citations one answer carries into the IR. Providers repeat a source for every span
 * and chunk index that cites it; beyond this many distinct citations the rest are dropped (the
 * search's sources are kept), so that a translated answer cannot grow with repeated references.
 */
export const MAX_CITATIONS_PER_ANSWER = 512;

/**
 * The most characters an answer's citations may repeat, together: their URLs, titles and cited
 * text, and the length of each cited span (a style that quotes the span, Anthropic's
 * `cited_text` or Gemini's `segment.text`, repeats it once per citation).
 */
export const MAX_CITATION_CHARS_PER_ANSWER = 256 * 1024;

/**
 * The citations of one answer, deduplicated and bounded: the same page cited for the same span
 * (and the same words) of the same text part counts once, and citations past either cap are refused.
 */
export class CitationBudget {
  readonly #seen = new Set<string>();
  #chars = 0;

  /** True when `citation` (of the answer's text part `part`) is new and fits; it is then charged. */
  admit(citation: IrCitation, part = 0): boolean {
    if (this.#seen.size >= MAX_CITATIONS_PER_ANSWER) return false;
    const span = `${citation.startIndex ?? ''}\u0000${citation.endIndex ?? ''}`;
    const key = `${part}\u0000${span}\u0000${citation.url}\u0000${citation.citedText ?? ''}`;
    if (this.#seen.has(key)) return false;
    const spanLength = Math.max(0, (citation.endIndex ?? 0) - (citation.startIndex ?? 0));
    const chars = citation.url.length + (citation.title?.length ?? 0) + (citation.citedText?.length ?? 0) + spanLength;
    if (this.#chars + chars > MAX_CITATION_CHARS_PER_ANSWER) return false;
    this.#seen.add(key);
    this.#chars += chars;
    return true;
  }
}
