// Runs the gateway's container image as operators run it and checks what docs/deployment.md
// promises: /health, a chat call on the mock, a runtime key made through the admin API that
// survives a new container on the same /data volume, SIGTERM with a stream in flight (the stream
// ends complete, the process exits 0), uid 1000, a read-only root filesystem; then the rendered
// Kubernetes base (`kubectl kustomize deploy/kubernetes/base`) under `podman kube play` with its
// /health and /ready, and `podman kube down`. Prints the image size and the cold starts
// (`podman run` to the first /health 200).
// Called by .ci/container.sh after it built the image (INTERLINGUA_IMAGE); uses whatever podman
// configuration the environment names (CONTAINERS_CONF, CONTAINERS_STORAGE_CONF).
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments, stringify } from 'yaml';
import { check, freePort, step } from './script-helpers.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const image = process.env.INTERLINGUA_IMAGE ?? 'localhost/interlingua/gateway:ci';
const runId = `${process.pid}`;
const volume = `interlingua-ci-data-${runId}`;
const apiKey = `ci-gateway-key-${runId}`;
const adminSecret = `ci-admin-secret-${runId}-0123456789`;
const scratch = mkdtempSync(join(tmpdir(), 'interlingua-container-'));
const containers = new Set();

function podman(...args) {
  return execFileSync('podman', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

function podmanAsync(...args) {
  return new Promise((resolveRun, reject) =>
    execFile('podman', args, { encoding: 'utf8' }, (error, stdout) => (error ? reject(error) : resolveRun(stdout))),
  );
}

/** Polls `path` until it answers 200; returns the milliseconds since `started`. */
async function waitFor(base, path, started, describe) {
  for (;;) {
    const ok = await fetch(`${base}${path}`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) return performance.now() - started;
    if (performance.now() - started > 60_000) throw new Error(`no ${path} 200 within 60 s:\n${describe()}`);
    await new Promise((wait) => setTimeout(wait, 5));
  }
}

function logsOf(name) {
  try {
    return execFileSync('podman', ['logs', '--tail', '40', name], { encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    return String(error);
  }
}

/** `podman run` with the flags docs/deployment.md gives; resolves once /health answers 200. */
async function runGateway(name, extra) {
  const port = await freePort();
  const started = performance.now();
  containers.add(name);
  podman(
    'run',
    '--detach',
    '--name',
    name,
    '--publish',
    `127.0.0.1:${port}:8080`,
    '--read-only',
    '--cap-drop',
    'ALL',
    '--security-opt',
    'no-new-privileges',
    // The image's HEALTHCHECK stays defined (`podman healthcheck run` below); no timer, which needs systemd.
    '--health-interval',
    'disable',
    '--env',
    `INTERLINGUA_API_KEY=${apiKey}`,
    '--env',
    `INTERLINGUA_ADMIN_SECRET=${adminSecret}`,
    '--volume',
    `${volume}:/data`,
    ...extra,
    image,
  );
  const base = `http://127.0.0.1:${port}`;
  const coldStartMs = await waitFor(base, '/health', started, () => logsOf(name));
  return { name, base, coldStartMs };
}

function inspect(name, format) {
  return podman('container', 'inspect', name, '--format', format);
}

async function chat(base, key, model, content) {
  const response = await fetch(`${base}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content }] }),
  });
  return { status: response.status, body: await response.json() };
}

async function stopAndExpectCleanExit(name) {
  await podmanAsync('stop', '--time', '40', name);
  const code = inspect(name, '{{.State.ExitCode}}');
  check(code === '0', `${name} exited with ${code} on SIGTERM:\n${logsOf(name)}`);
}

const coldStarts = [];
try {
  const size = Number(podman('image', 'inspect', image, '--format', '{{.Size}}'));
  await step('the image runs as 1000:1000 and keeps its HEALTHCHECK', () => {
    check(
      podman('image', 'inspect', image, '--format', '{{.Config.User}}') === '1000:1000',
      'image user is not 1000:1000',
    );
    check(
      podman('image', 'inspect', image, '--format', '{{json .HealthCheck}}').includes('/health'),
      'the image has no HEALTHCHECK on /health (build with --format docker)',
    );
  });
  podman('volume', 'create', volume);

  let runtimeKey;
  await step('defaults from the environment: health, non-root, read-only root, chat, a runtime key', async () => {
    const gateway = await runGateway(`interlingua-ci-a-${runId}`, []);
    coldStarts.push(gateway.coldStartMs);
    podman('healthcheck', 'run', gateway.name);
    check(podman('exec', gateway.name, 'id', '-u') === '1000', 'the gateway does not run as uid 1000');
    check(inspect(gateway.name, '{{.HostConfig.ReadonlyRootfs}}') === 'true', 'the root filesystem is not read-only');
    let refused = '';
    try {
      podman('exec', gateway.name, 'touch', '/opt/interlingua/written');
    } catch (error) {
      refused = String(error.stderr);
    }
    check(/read-only file system/i.test(refused), `a write to the root filesystem was not refused: ${refused}`);
    const answer = await chat(gateway.base, apiKey, 'mock', 'ping from the container');
    check(
      answer.status === 200 && answer.body.choices?.[0]?.message?.content === 'You said: ping from the container',
      `chat: ${answer.status} ${JSON.stringify(answer.body)}`,
    );
    const created = await fetch(`${gateway.base}/admin/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminSecret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'ci-runtime-key' }),
    });
    const key = await created.json();
    check(
      created.status === 201 && typeof key.secret === 'string',
      `admin key: ${created.status} ${JSON.stringify(key)}`,
    );
    runtimeKey = key.secret;
    check((await chat(gateway.base, runtimeKey, 'mock', 'hi')).status === 200, 'the new runtime key was refused');
    await stopAndExpectCleanExit(gateway.name);
  });

  const config = join(scratch, 'gateway.yaml');
  writeFileSync(
    config,
    [
      'server: { host: 0.0.0.0, port: 8080 }',
      'keys: [{ name: default, secret: "${INTERLINGUA_API_KEY}" }]',
      'admin: { secret: "${INTERLINGUA_ADMIN_SECRET}" }',
      'database: { type: sqlite, dir: /data }',
      'providers:',
      '  - { id: mock, type: mock }',
      '  - { id: slow-mock, type: mock, options: { latencyMs: 200 } }',
      'models:',
      '  - { name: mock, targets: [{ provider: mock, model: mock }] }',
      '  - { name: slow, targets: [{ provider: slow-mock, model: mock }] }',
      '',
    ].join('\n'),
  );
  await step(
    'a new container on the same volume with a mounted config: the runtime key still works; SIGTERM with a stream in flight',
    async () => {
      const gateway = await runGateway(`interlingua-ci-b-${runId}`, [
        '--volume',
        `${config}:/etc/interlingua/gateway.yaml:ro`,
        '--env',
        'INTERLINGUA_CONFIG=/etc/interlingua/gateway.yaml',
      ]);
      coldStarts.push(gateway.coldStartMs);
      const answer = await chat(gateway.base, runtimeKey, 'mock', 'after the restart');
      check(
        answer.status === 200,
        `the runtime key did not survive the restart: ${answer.status} ${JSON.stringify(answer.body)}`,
      );

      const words = 'one two three four five six seven eight nine ten';
      const response = await fetch(`${gateway.base}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'slow', stream: true, messages: [{ role: 'user', content: words }] }),
      });
      check(response.status === 200, `stream: ${response.status}`);
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let events = decoder.decode((await reader.read()).value, { stream: true });
      const stopped = stopAndExpectCleanExit(gateway.name);
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        events += decoder.decode(value, { stream: true });
      }
      const text = [...events.matchAll(/"content":"((?:[^"\\]|\\.)*)"/g)]
        .map((match) => JSON.parse(`"${match[1]}"`))
        .join('');
      check(
        text === `You said: ${words}` && events.trimEnd().endsWith('data: [DONE]'),
        `the stream in flight at SIGTERM did not finish:\n${events.slice(-600)}`,
      );
      await stopped;
    },
  );

  await step('podman kube play the rendered Kubernetes base: /health, /ready, chat, uid 1000, kube down', async () => {
    const port = await freePort();
    const manifests = parseAllDocuments(
      execFileSync('kubectl', ['kustomize', join(repoRoot, 'deploy/kubernetes/base')], { encoding: 'utf8' }),
    ).map((document) => document.toJS());
    // What podman kube play runs: the ConfigMap, the PersistentVolumeClaim (a volume) and the Deployment.
    const played = manifests.filter((manifest) =>
      ['ConfigMap', 'PersistentVolumeClaim', 'Deployment'].includes(manifest.kind),
    );
    const deployment = played.find((manifest) => manifest.kind === 'Deployment');
    check(deployment, 'the rendered base has no Deployment');
    const container = deployment.spec.template.spec.containers[0];
    container.image = image;
    // No cluster network here: publish the container port on a loopback port.
    Object.assign(container.ports[0], { hostPort: port, hostIP: '127.0.0.1' });
    // Podman 4.3 kube play cannot read the data of a Secret it was given; the values go in directly.
    for (const variable of container.env) {
      if (!variable.valueFrom?.secretKeyRef) continue;
      const key = variable.valueFrom.secretKeyRef.key;
      variable.value = { 'api-key': apiKey, 'admin-secret': adminSecret }[key] ?? `ci-${key}-${runId}-0123456789abcdef`;
      delete variable.valueFrom;
    }
    const file = join(scratch, 'kube-play.yaml');
    writeFileSync(file, played.map((manifest) => stringify(manifest)).join('---\n'));
    const started = performance.now();
    try {
      podman('kube', 'play', file);
      const base = `http://127.0.0.1:${port}`;
      const describe = () => podman('pod', 'ps', '--format', '{{.Name}} {{.Status}}');
      const healthMs = await waitFor(base, '/health', started, describe);
      await waitFor(base, '/ready', started, describe);
      const pod = `${deployment.metadata.name}-pod-0-${container.name}`;
      check(pod && podman('exec', pod, 'id', '-u') === '1000', `the pod's gateway does not run as uid 1000 (${pod})`);
      const answer = await chat(base, apiKey, 'mock', 'ping from the pod');
      check(answer.status === 200, `chat through the pod: ${answer.status} ${JSON.stringify(answer.body)}`);
      console.log(`    kube play to /health 200: ${healthMs.toFixed(0)} ms`);
    } finally {
      podman('kube', 'down', file);
      // kube down leaves the volumes made for the claim and the ConfigMap.
      for (const manifest of played.filter((item) => ['PersistentVolumeClaim', 'ConfigMap'].includes(item.kind)))
        podman('volume', 'rm', '--force', manifest.metadata.name);
    }
  });

  console.log(`image ${image}: ${(size / 1e6).toFixed(0)} MB (podman's size, uncompressed layers)`);
  console.log(
    `cold start (podman run -> first /health 200): ${coldStarts.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}`,
  );
  console.log('container: 1 passed, 0 failed');
} finally {
  for (const name of containers) {
    try {
      podman('rm', '--force', '--time', '0', name);
    } catch {
      // already gone
    }
  }
  try {
    podman('volume', 'rm', '--force', volume);
  } catch {
    // never made
  }
  rmSync(scratch, { recursive: true, force: true });
}
