/**
 * How many reasoning carriers one request sealed (into its answer), opened (from its history)
 * and dropped (from its history: sealed for another key, altered, or not the gateway's). Kept on
 * the call's reasoning context whether or not tracing is on: a few integer increments.
 */
export interface CarrierCounts {
  sealed: number;
  opened: number;
  dropped: number;
}
