// Runs the gateway's container image as operators run it and checks what docs/deployment.md
// promises: /health, a chat call on the mock, a runtime key made through the admin API that
// survives a new container on the same /data volume, SIGTERM with a stream in flight (the stream
// ends complete, the process exits 0), uid 1000, a read-only root filesystem; then the rendered
// Kubernetes manifests under `podman kube play`: the base (/health, /ready, chat, no
// service-account token, secrets read from mounted files) and the `replicated` overlay with its
// PostgreSQL and Redis away (/ready stays 200, the ledger journal is written under /data), each
// taken down with `podman kube down`. Prints the image size and the cold starts (`podman run` to
// the first /health 200).
// Every name it gives Podman starts with `interlingua-ci-<pid>-`; what an earlier run left behind
// (it was killed, or its cleanup failed) is removed first, and a failed cleanup is reported after
// the failure that led to it, never instead of it.
// Called by .ci/container.sh after it built the image (INTERLINGUA_IMAGE); uses whatever podman
// configuration the environment names (CONTAINERS_CONF, CONTAINERS_STORAGE_CONF).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { playKube } from './kube-play.mjs';
import { logsOf, podDescription, podman, podmanAsync, removeContainers, removeLeftovers, until } from './podman.mjs';
import { check, freePort, step, waitFor, withCleanup } from './script-helpers.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const image = process.env.INTERLINGUA_IMAGE ?? 'localhost/interlingua/gateway:ci';
const runId = `${process.pid}`;
const prefix = `interlingua-ci-${runId}`;
const volume = `${prefix}-data`;
const apiKey = `ci-gateway-key-${runId}`;
const adminSecret = `ci-admin-secret-${runId}-0123456789`;
const scratch = mkdtempSync(join(tmpdir(), 'interlingua-container-'));
const containers = new Set();

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

/** Whether `path` exists in the container `name`. */
function existsIn(name, path) {
  try {
    podman('exec', name, 'test', '-e', path);
    return true;
  } catch {
    return false;
  }
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

/** What `playKube` needs to play `folder`, with the Secret's entries (`extraSecrets` added to the base's). */
function kube(folder, extraSecrets) {
  const secrets = {
    'api-key': apiKey,
    'admin-secret': adminSecret,
    'compaction-secret': `ci-compaction-${runId}-0123456789abcdef`,
    'openai-api-key': 'sk-ci-unused',
    ...extraSecrets,
  };
  return { repoRoot, prefix, image, scratch, folder, secrets };
}

const coldStarts = [];
async function checkImage() {
  removeLeftovers(runId);
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
    const gateway = await runGateway(`${prefix}-a`, []);
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
      const gateway = await runGateway(`${prefix}-b`, [
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

  await step(
    'podman kube play the rendered Kubernetes base: /health, /ready, chat, uid 1000, no service-account token, secrets from files',
    () =>
      playKube(kube('base', {}), async ({ base, gateway, pod, started }) => {
        const healthMs = await waitFor(base, '/health', started, () => podDescription(gateway));
        await waitFor(base, '/ready', started, () => podDescription(gateway));
        check(
          podman('exec', gateway, 'id', '-u') === '1000',
          `the pod's gateway does not run as uid 1000 (${gateway})`,
        );
        check(pod.automountServiceAccountToken === false, 'the base pod asks for a service-account token');
        check(
          !existsIn(gateway, '/var/run/secrets/kubernetes.io/serviceaccount'),
          'a service-account token is mounted in the pod',
        );
        check(existsIn(gateway, '/run/secrets/interlingua/api-key'), 'the Secret is not mounted as files');
        const environment = podman('exec', gateway, 'env');
        check(
          !environment.includes(apiKey) && !environment.includes(adminSecret),
          'a secret is in the environment of the pod, not only in its file',
        );
        const answer = await chat(base, apiKey, 'mock', 'ping from the pod');
        check(answer.status === 200, `chat through the pod: ${answer.status} ${JSON.stringify(answer.body)}`);
        const admin = await fetch(`${base}/admin/keys`, { headers: { authorization: `Bearer ${adminSecret}` } });
        check(admin.status === 200, `the admin secret read from its file was refused: ${admin.status}`);
        console.log(`    kube play to /health 200: ${healthMs.toFixed(0)} ms`);
      }),
  );

  await step(
    'podman kube play the replicated overlay with PostgreSQL and Redis away: /ready 200, chat, the ledger journal under /data',
    () =>
      playKube(
        // Nothing listens on port 1 of the pod's loopback: both refuse at once, as a database that is down.
        kube('overlays/replicated', {
          'redis-url': 'redis://127.0.0.1:1/0',
          'database-url': 'postgres://interlingua:ci@127.0.0.1:1/interlingua',
        }),
        async ({ base, gateway, started }) => {
          await waitFor(base, '/health', started, () => podDescription(gateway));
          const answer = await chat(base, apiKey, 'mock', 'ping while the database is away');
          check(answer.status === 200, `chat with the database away: ${answer.status} ${JSON.stringify(answer.body)}`);
          const ready = await fetch(`${base}/ready`);
          const readiness = await ready.json();
          check(
            ready.status === 200 && readiness.database === 'unreachable',
            `/ready with the database away: ${ready.status} ${JSON.stringify(readiness)}`,
          );
          const journal = await until(
            () => {
              const files = podman('exec', gateway, 'find', '/data', '-name', 'ledger-*.jsonl', '-size', '+0');
              return files === '' ? undefined : files;
            },
            `no ledger journal with rows under /data:\n${podDescription(gateway)}`,
          );
          console.log(`    journal with the database away: ${journal.split('\n').join(', ')}`);
        },
      ),
  );

  console.log(`image ${image}: ${(size / 1e6).toFixed(0)} MB (podman's size, uncompressed layers)`);
  console.log(
    `cold start (podman run -> first /health 200): ${coldStarts.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}`,
  );
  console.log('container: 1 passed, 0 failed');
}

await withCleanup(
  checkImage,
  () => removeContainers([...containers]),
  () => podman('volume', 'rm', '--force', volume),
  () => rmSync(scratch, { recursive: true, force: true }),
);
