import { invalidRequest, type IrContentPart, type IrFilePart, type IrRequest } from '@interlingua/ir';
import type { FetchedMedia } from './media-fetcher.js';
import { gatewayError } from '../http/style-errors.js';

/**
 * Downloads one URL (already bound to its limits and the call's abort signal); `signal` aborts
 * when another download of the same request failed.
 */
export type FetchMedia = (url: string, signal: AbortSignal) => Promise<FetchedMedia>;

/** How much one request may make the gateway download. */
export interface InlineLimits {
  /** Distinct URLs downloaded for one request; more is a 400 before any download. */
  maxUrls: number;
  /** Downloads of one request running at once. */
  concurrency: number;
}

/** Media types servers use when they do not say what the bytes are. */
const UNTYPED = new Set(['application/octet-stream', 'binary/octet-stream']);

/** An image given by an http(s) URL: what a target needing inline data must download. */
export function isRemoteImage(part: IrContentPart): part is IrFilePart & { source: { kind: 'url'; url: string } } {
  return (
    part.type === 'file' &&
    part.source.kind === 'url' &&
    /^https?:\/\//i.test(part.source.url) &&
    (part.mediaType ?? 'image/*').startsWith('image/')
  );
}

/**
 * The request with every remote image (in messages and in tool results) downloaded and carried
 * as base64. Each distinct URL is fetched once, at most `limits.concurrency` at a time; the
 * request is returned as is when it holds none. More than `limits.maxUrls` distinct URLs, a
 * download that fails, or one that is not an image, is the caller's error; the first failure
 * stops the downloads still running.
 */
export async function inlineRemoteImages(
  ir: IrRequest,
  fetchMedia: FetchMedia,
  limits: InlineLimits,
): Promise<IrRequest> {
  const urls = new Set<string>();
  for (const message of ir.messages)
    for (const part of partsOf(message.content)) if (isRemoteImage(part)) urls.add(part.source.url);
  if (urls.size === 0) return ir;
  if (urls.size > limits.maxUrls) {
    throw gatewayError(
      'invalid-request',
      `The request names ${urls.size} distinct image URLs for an upstream that needs them inline; the gateway downloads at most ${limits.maxUrls} per request (media.maxUrls)`,
      { code: 'media_limit_exceeded' },
    );
  }
  const fetched = await downloadAll([...urls], fetchMedia, limits.concurrency);
  const inline = (part: IrContentPart): IrContentPart => {
    if (!isRemoteImage(part)) return part;
    const media = fetched.get(part.source.url) as FetchedMedia;
    return {
      ...part,
      mediaType: imageMediaType(part, media),
      source: { kind: 'base64', data: media.data.toString('base64') },
    };
  };
  const messages = ir.messages.map((message) => ({
    ...message,
    content: message.content.map((part) =>
      part.type === 'tool-result'
        ? { ...part, content: part.content.map(inline) as typeof part.content }
        : inline(part),
    ),
  }));
  return { ...ir, messages };
}

/**
 * Every URL downloaded by a pool of `concurrency` workers (a few lines, not a dependency: the
 * pool must also stop taking URLs and abort the running downloads at the first failure).
 */
async function downloadAll(
  urls: readonly string[],
  fetchMedia: FetchMedia,
  concurrency: number,
): Promise<Map<string, FetchedMedia>> {
  const fetched = new Map<string, FetchedMedia>();
  const stop = new AbortController();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (!stop.signal.aborted && next < urls.length) {
      const url = urls[next++] as string;
      fetched.set(url, await fetchMedia(url, stop.signal));
    }
  };
  const workers = Array.from({ length: Math.min(concurrency, urls.length) }, worker);
  try {
    await Promise.all(workers);
  } catch (error) {
    stop.abort(error);
    throw error;
  }
  return fetched;
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
  throw invalidRequest(
    `The image URL ${media.url.split(/[?#]/)[0] ?? ''} did not answer with an image (content-type: ${served ?? 'none'})`,
  );
}
