/**
 * Identical requests in flight share one call: the first leads, the ones that come while it
 * runs wait for what it gives (the answer it cached, or nothing).
 */
export class SingleFlight<T> {
  private readonly flights = new Map<string, Promise<T>>();

  /** The running flight of `key`, if any. */
  running(key: string): Promise<T> | undefined {
    return this.flights.get(key);
  }

  /** Runs `work` as the flight of `key`; later callers of `running(key)` get its promise until it settles. */
  async lead(key: string, work: () => Promise<T>): Promise<T> {
    const flight = work();
    this.flights.set(key, flight);
    try {
      return await flight;
    } finally {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    }
  }
}
