import type { IncomingHttpHeaders } from 'node:http';

/** What a step reads of the request beside its body: an HTTP request, or the request a WebSocket turn stands for. */
export interface RequestHead {
  method?: string | undefined;
  url?: string | undefined;
  headers: IncomingHttpHeaders;
}
