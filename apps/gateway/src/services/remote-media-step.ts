import type { IrRequest } from '@interlingua/ir';
import type { GenerationStyle } from '@interlingua/provider-adapters';
import type { GatewayConfig } from '../config/config-schema.js';
import type { RequestStop } from '../context/request-stop.js';
import { inlineRemoteImages } from './inline-remote-media.js';
import { createMediaFetcher, type ByteBudget, type FetchedMedia, type MediaFetcher } from './media-fetcher.js';
import { GEMINI } from '../http/request-styles.js';

/** Upstream wires that cannot take images by URL and need them inline. */
const INLINE_ONLY_WIRES = new Set<GenerationStyle>([GEMINI]);

/** What the remote-media step touches: the media settings (the fetcher is kept per scope object). */
export interface MediaScope {
  config: Pick<GatewayConfig, 'media'>;
}

const fetchers = new WeakMap<MediaScope, MediaFetcher>();

/** Replaces the gateway's media fetcher (tests inject fake DNS and a connect hook; embedders their own policy). */
export function setMediaFetcher(gateway: MediaScope, fetcher: MediaFetcher): void {
  fetchers.set(gateway, fetcher);
}

function fetcherFor(gateway: MediaScope): MediaFetcher {
  let fetcher = fetchers.get(gateway);
  if (!fetcher) {
    fetcher = createMediaFetcher(gateway.config.media);
    fetchers.set(gateway, fetcher);
  }
  return fetcher;
}

/**
 * The IR step of one generation call for upstreams that need inline data: image URLs are
 * downloaded (once per call, whatever the number of targets tried) and sent as base64, under the
 * `media` limits: distinct URLs, downloads at once, bytes per file and for the whole call. Other
 * wires get the request unchanged.
 */
export function remoteMediaStep(
  gateway: MediaScope,
): (ir: IrRequest, wire: GenerationStyle, signal: RequestStop) => Promise<IrRequest> {
  let downloads: Map<string, Promise<FetchedMedia>> | undefined;
  let budget: ByteBudget | undefined;
  return async (ir, wire, signal) => {
    if (!INLINE_ONLY_WIRES.has(wire)) return ir;
    const { media } = gateway.config;
    const fetcher = fetcherFor(gateway);
    const known = (downloads ??= new Map());
    const shared = (budget ??= { limit: media.maxTotalBytes, remaining: media.maxTotalBytes });
    return inlineRemoteImages(
      ir,
      (url, stopped) => {
        let download = known.get(url);
        if (!download) {
          download = fetcher(url, AbortSignal.any([signal.asAbortSignal(), stopped]), shared);
          known.set(url, download);
        }
        return download;
      },
      media,
    );
  };
}
