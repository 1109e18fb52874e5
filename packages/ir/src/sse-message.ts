/** One server-sent event as it travels on the wire. */
export interface SseMessage {
  event?: string;
  data: string;
  id?: string;
  retry?: number;
}
