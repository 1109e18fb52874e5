import { invalidRequest, type IrContentPart, type IrFilePart, type IrRequest } from '@interlingua/ir';
import type { FetchedMedia } from './media-fetcher.js';

/** Downloads one URL (already bound to its limits and the call's abort signal). */
export type FetchMedia = (url: string) => Promise<FetchedMedia>;

/** Media types servers use when they do not say what the bytes are. */
const UNTYPED = new Set(['application/octet-stream', 'binary/octet-stream']);

/** An image given by an http(s) URL: what a target needing inline data must download. */
export function isRemoteImage(part: IrContentPart): part is IrFilePart & { source: { kind: 'url'; url: string } } {
  return part.type === 'file' && part.source.kind === 'url' && /^https?:\/\//i.test(part.source.url) && (part.mediaType ?? 'image/*').startsWith('image/');
}

/**
 * The request with every remote image (in messages and in tool results) downloaded and carried
 * as base64. Each distinct URL is fetched once, all in parallel; the request is returned as is
 * when it holds none. A download that fails, or that is not an image, is the caller's error.
 */
export async function inlineRemoteImages(ir: IrRequest, fetchMedia: FetchMedia): Promise<IrRequest> {
  const urls = new Set<string>();
  for (const message of ir.messages) for (const part of partsOf(message.content)) if (isRemoteImage(part)) urls.add(part.source.url);
  if (urls.size === 0) return ir;
  const fetched = new Map<string, FetchedMedia>();
  await Promise.all([...urls].map(async (url) => fetched.set(url, await fetchMedia(url))));
  const inline = (part: IrContentPart): IrContentPart => {
    if (!isRemoteImage(part)) return part;
    const media = fetched.get(part.source.url) as FetchedMedia;
    return { ...part, mediaType: imageMediaType(part, media), source: { kind: 'base64', data: media.data.toString('base64') } };
  };
  const messages = ir.messages.map((message) => ({
    ...message,
    content: message.content.map((part) => (part.type === 'tool-result' ? { ...part, content: part.content.map(inline) as typeof part.content } : inline(part))),
  }));
  return { ...ir, messages };
}

function* partsOf(content: readonly IrContentPart[]): Generator<IrContentPart> {
  for (const part of content) {
    if (part.type === 'tool-result') yield* part.content;
    else yield part;
  }
}

/** The served image type; the part's own exact type when the server did not say; else a 400. */
function imageMediaType(part: IrFilePart, media: FetchedMedia): string {
  const served = media.mediaType;
  if (served?.startsWith('image/') && served !== 'image/*') return served;
  const declared = part.mediaType;
  if ((served === undefined || UNTYPED.has(served)) && declared && declared !== 'image/*') return declared;
  throw invalidRequest(`The image URL ${media.url.split(/[?#]/)[0] ?? ''} did not answer with an image (content-type: ${served ?? 'none'})`);
}
