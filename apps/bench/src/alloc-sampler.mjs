import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import process from 'node:process';

/**
 * Loaded into the gateway (`--import`) by the allocation mode: SIGUSR2 starts V8's sampling heap
 * profiler (keeping the samples of objects the GC has already collected, so the profile counts
 * every byte allocated, not only what survives) and counts the GCs by kind; the next SIGUSR2 stops
 * both (with the GC pause total, which depends on the machine's load) and writes `{ profile, gcs }` to the file named by `INTERLINGUA_ALLOC_OUT`.
 */
const out = process.env.INTERLINGUA_ALLOC_OUT ?? 'alloc.json';
const interval = Number(process.env.INTERLINGUA_ALLOC_INTERVAL ?? 512);
const session = new Session();
session.connect();
const gcs = { minor: 0, major: 0, other: 0, pauseMs: 0 };
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gcs.pauseMs += entry.duration;
    const { detail } = /** @type {{ detail?: { kind?: number } }} */ (/** @type {unknown} */ (entry));
    const kind = detail?.kind;
    if (kind === constants.NODE_PERFORMANCE_GC_MINOR) gcs.minor++;
    else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) gcs.major++;
    else gcs.other++;
  }
});
let sampling = false;
process.on('SIGUSR2', () => {
  if (!sampling) {
    sampling = true;
    gcs.minor = gcs.major = gcs.other = gcs.pauseMs = 0;
    observer.observe({ entryTypes: ['gc'] });
    session.post('HeapProfiler.startSampling', {
      samplingInterval: interval,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    return;
  }
  sampling = false;
  session.post('HeapProfiler.stopSampling', (error, result) => {
    observer.disconnect();
    writeFileSync(out, JSON.stringify(error ? { error: String(error) } : { profile: result.profile, gcs: { ...gcs } }));
  });
});
