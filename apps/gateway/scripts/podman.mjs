// Podman as check-container.mjs drives it: each command synchronous (or awaited), its output
// trimmed, and the removal of what this check's earlier runs left behind.
import { execFile, execFileSync } from 'node:child_process';

/** Runs `podman args…` and gives its output, trimmed; throws with its stderr in the message when it fails. */
export function podman(...args) {
  return execFileSync('podman', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

export function podmanAsync(...args) {
  return new Promise((resolveRun, reject) =>
    execFile('podman', args, { encoding: 'utf8' }, (error, stdout) => (error ? reject(error) : resolveRun(stdout))),
  );
}

export function logsOf(name) {
  try {
    return execFileSync('podman', ['logs', '--tail', '40', name], { encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    return String(error);
  }
}

/** Removes what runs before this one left behind: every pod, container and volume of a prefix whose process is gone. */
export function removeLeftovers(runId) {
  const leftover = (name) => {
    const pid = /^interlingua-ci-(\d+)-/.exec(name)?.[1];
    if (!pid || pid === runId) return false;
    try {
      process.kill(Number(pid), 0);
      return false;
    } catch {
      return true;
    }
  };
  const names = (...args) =>
    podman(...args)
      .split('\n')
      .filter(leftover);
  const pods = names('pod', 'ps', '--format', '{{.Name}}');
  if (pods.length > 0) podman('pod', 'rm', '--force', '--time', '0', ...pods);
  removeContainers(names('ps', '--all', '--format', '{{.Names}}'));
  const volumes = names('volume', 'ls', '--format', '{{.Name}}');
  if (volumes.length > 0) podman('volume', 'rm', '--force', ...volumes);
  if (pods.length + volumes.length > 0)
    console.log(`removed what earlier runs left: ${[...pods, ...volumes].join(', ')}`);
}

export function removeContainers(names) {
  if (names.length > 0) podman('rm', '--force', '--ignore', '--time', '0', ...names);
}

/** `podman pod ps` and the gateway container's last log lines, for a failure's message. */
export function podDescription(gateway) {
  return `${podman('pod', 'ps', '--format', '{{.Name}} {{.Status}}')}\n${logsOf(gateway)}`;
}

/** Polls `read` until it gives a value (at most 30 s). */
export async function until(read, failure) {
  const started = performance.now();
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (performance.now() - started > 30_000) throw new Error(failure);
    await new Promise((wait) => setTimeout(wait, 100));
  }
}
