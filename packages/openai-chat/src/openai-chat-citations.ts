import type { IrCitation } from '@interlingua/ir';
import { asRecord, codePointToUtf16, utf16ToCodePoint } from '@interlingua/ir-utils';

/** A chat `url_citation` annotation, as search models send it. */
export interface OpenAiChatUrlCitation {
  type: 'url_citation';
  url_citation: { start_index: number; end_index: number; title: string; url: string };
}

/**
 * A message's `annotations` -> IR citations of its content `text` (OpenAI counts code points), when
 * every one is a `url_citation`; else undefined (they are then kept as they came).
 */
export function chatAnnotationsToIr(annotations: unknown, text: string): IrCitation[] | undefined {
  if (!Array.isArray(annotations) || annotations.length === 0) return undefined;
  const out: IrCitation[] = [];
  for (const annotation of annotations) {
    const found = asRecord(asRecord(annotation)?.url_citation);
    const url = found?.url;
    if (asRecord(annotation)?.type !== 'url_citation' || typeof url !== 'string') return undefined;
    const citation: IrCitation = { url };
    if (typeof found?.title === 'string' && found.title !== '') citation.title = found.title;
    if (typeof found?.start_index === 'number') citation.startIndex = codePointToUtf16(text, found.start_index);
    if (typeof found?.end_index === 'number') citation.endIndex = codePointToUtf16(text, found.end_index);
    out.push(citation);
  }
  return out;
}

/** An IR citation of the part at `base` (UTF-16) in the message `content` -> a chat annotation. */
export function irCitationToChat(
  citation: IrCitation,
  content: string,
  base: number,
  partLength: number,
): OpenAiChatUrlCitation {
  return {
    type: 'url_citation',
    url_citation: {
      start_index: utf16ToCodePoint(content, base + (citation.startIndex ?? 0)),
      end_index: utf16ToCodePoint(content, base + (citation.endIndex ?? partLength)),
      title: citation.title ?? citation.url,
      url: citation.url,
    },
  };
}
