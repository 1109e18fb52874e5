// The rendered Kubernetes manifests (`kubectl kustomize deploy/kubernetes/<folder>`) made ready for
// `podman kube play` on one machine, for check-container.mjs. Every object played is renamed with
// the run's prefix (the pod, its containers, the volumes made for the claim and the ConfigMap), so a
// run that failed half-way leaves nothing a later run would collide with.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { podman } from './podman.mjs';
import { freePort, withCleanup } from './script-helpers.mjs';

/** What `podman kube play` runs of the rendered objects (a Secret's data it cannot read: see below). */
const PLAYED_KINDS = ['ConfigMap', 'PersistentVolumeClaim', 'Deployment'];

/**
 * Renders `folder` and writes what `podman kube play` runs of it to `<scratch>/<name>.yaml`:
 * the Deployment named `name` (its pod is `<name>-pod-0`, the gateway's container
 * `<name>-pod-0-<container>`) running `image`, one replica, the gateway's port published on
 * `127.0.0.1:<port>`. The Secret the pods mount as files becomes a folder of the same files
 * (`secrets`: entry name to value), since Podman 4.3 reads no Secret data from the manifests.
 */
export function kubePlayFile({ repoRoot, folder, name, image, port, scratch, secrets }) {
  const manifests = parseAllDocuments(
    execFileSync('kubectl', ['kustomize', join(repoRoot, 'deploy/kubernetes', folder)], { encoding: 'utf8' }),
  ).map((document) => document.toJS());
  const played = manifests.filter((manifest) => PLAYED_KINDS.includes(manifest.kind));
  const deployment = played.find((manifest) => manifest.kind === 'Deployment');
  if (!deployment) throw new Error(`the rendered ${folder} has no Deployment`);
  const renamed = new Map();
  for (const manifest of played) {
    const newName =
      manifest.kind === 'Deployment' ? name : `${name}-${manifest.kind === 'ConfigMap' ? 'config' : 'data'}`;
    renamed.set(`${manifest.kind}/${manifest.metadata.name}`, newName);
    manifest.metadata.name = newName;
  }
  deployment.spec.replicas = 1;
  const pod = deployment.spec.template.spec;
  const secretsDir = join(scratch, `${name}-secrets`);
  mkdirSync(secretsDir, { recursive: true });
  chmodSync(secretsDir, 0o755);
  for (const [entry, value] of Object.entries(secrets))
    writeFileSync(join(secretsDir, entry), `${value}\n`, { mode: 0o644 });
  for (const volume of pod.volumes) {
    if (volume.configMap) volume.configMap.name = renamed.get(`ConfigMap/${volume.configMap.name}`);
    if (volume.persistentVolumeClaim)
      volume.persistentVolumeClaim.claimName = renamed.get(
        `PersistentVolumeClaim/${volume.persistentVolumeClaim.claimName}`,
      );
    if (volume.secret) {
      delete volume.secret;
      volume.hostPath = { path: secretsDir, type: 'Directory' };
    }
  }
  const container = pod.containers[0];
  container.image = image;
  // No cluster network here: publish the container port on a loopback port.
  Object.assign(container.ports[0], { hostPort: port, hostIP: '127.0.0.1' });
  for (const variable of container.env ?? []) {
    const key = variable.valueFrom?.secretKeyRef?.key;
    if (key === undefined) continue;
    variable.value = secrets[key];
    delete variable.valueFrom;
  }
  const file = join(scratch, `${name}.yaml`);
  writeFileSync(file, played.map((manifest) => stringify(manifest)).join('---\n'));
  const volumes = played.filter((manifest) => manifest.kind !== 'Deployment').map((manifest) => manifest.metadata.name);
  return { file, pod, gateway: `${name}-pod-0-${container.name}`, volumes };
}

/**
 * Plays the rendered `folder` under a name of this run, runs `checks` against it, then takes it
 * down and removes the volumes made for it, whether the checks passed or not.
 */
export async function playKube({ repoRoot, prefix, image, scratch, folder, secrets }, checks) {
  const name = `${prefix}-${folder.split('/').at(-1)}`;
  const port = await freePort();
  const played = kubePlayFile({
    repoRoot,
    folder,
    name,
    image,
    port,
    scratch,
    secrets,
  });
  const started = performance.now();
  await withCleanup(
    async () => {
      podman('kube', 'play', played.file);
      await checks({ base: `http://127.0.0.1:${port}`, gateway: played.gateway, pod: played.pod, started });
    },
    () => podman('kube', 'down', played.file),
    // kube down leaves the volumes made for the claim and the ConfigMap.
    ...played.volumes.map((made) => () => podman('volume', 'rm', '--force', made)),
  );
}
