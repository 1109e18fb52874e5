import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Readings of another process from /proc (Linux): CPU time with nanosecond resolution (the sum
 * of every thread's schedstat, so GC and libuv threads count), resident memory, and its peak.
 */

/**
 * CPU time the process has used so far, in nanoseconds; falls back to /proc/<pid>/stat clock
 * ticks (10 ms resolution) where schedstat is missing.
 * @param {number} pid
 */
export function cpuTimeNs(pid) {
  try {
    let total = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    }
    if (total > 0) return total;
  } catch {
    // fall through to /proc/<pid>/stat
  }
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10_000_000;
}

/**
 * @param {number} pid
 * @param {'VmRSS' | 'VmHWM'} field
 */
function statusBytes(pid, field) {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

/** Resident memory now, in bytes. @param {number} pid */
export function rssBytes(pid) {
  return statusBytes(pid, 'VmRSS');
}

/** Peak resident memory since start or the last `resetPeakRss`, in bytes. @param {number} pid */
export function peakRssBytes(pid) {
  return statusBytes(pid, 'VmHWM');
}

/**
 * Resets the peak-RSS mark (`echo 5 > /proc/<pid>/clear_refs`); false where the kernel refuses.
 * @param {number} pid
 */
export function resetPeakRss(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
