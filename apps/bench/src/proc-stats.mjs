import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Readings of another process from /proc (Linux): CPU time with nanosecond resolution (the sum
 * of every thread's schedstat, so GC and libuv threads count), resident memory, and its peak.
 * Each reading covers the process and its descendants (a gateway with workers: the primary and
 * every worker; the peak is the sum of each process's own peak).
 */

/**
 * CPU time the process has used so far, in nanoseconds; falls back to /proc/<pid>/stat clock
 * ticks (10 ms resolution) where schedstat is missing.
 * @param {number} pid
 */
export function cpuTimeNs(pid) {
  return processTree(pid).reduce((sum, member) => sum + processCpuTimeNs(member), 0);
}

/** @param {number} pid */
function processCpuTimeNs(pid) {
  try {
    let total = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    }
    if (total > 0) return total;
  } catch {
    // fall through to /proc/<pid>/stat
  }
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10_000_000;
  } catch {
    return 0;
  }
}

/**
 * The process and every descendant (a gateway's primary and its workers), from
 * /proc/<pid>/task/<tid>/children.
 * @param {number} pid
 * @returns {number[]}
 */
export function processTree(pid) {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    const parent = /** @type {number} */ (tree[i]);
    try {
      for (const task of readdirSync(`/proc/${parent}/task`)) {
        const children = readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8').trim();
        if (children) tree.push(...children.split(' ').map(Number));
      }
    } catch {
      // the process ended meanwhile
    }
  }
  return tree;
}

/**
 * @param {number} pid
 * @param {'VmRSS' | 'VmHWM'} field
 */
function statusBytes(pid, field) {
  let total = 0;
  for (const member of processTree(pid)) {
    try {
      const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${member}/status`, 'utf8'));
      total += match ? Number(match[1]) * 1024 : 0;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
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
    for (const member of processTree(pid)) writeFileSync(`/proc/${member}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
