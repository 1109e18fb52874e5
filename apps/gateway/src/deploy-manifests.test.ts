// The Kubernetes manifests under deploy/kubernetes, rendered by `kubectl kustomize` as an operator
// applies them: probes, security context, draining, scaling objects, and the ConfigMap's config
// file passing the gateway's own config check with the environment the Deployment gives it.
// Without kubectl the test is skipped locally and fails under CI=true.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { configWarnings } from './config/config-warnings.js';
import { parseConfigText } from './config/load-config.js';

const kubernetesDir = fileURLToPath(new URL('../../../deploy/kubernetes/', import.meta.url));

function kubectlAvailable(): boolean {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const hasKubectl = kubectlAvailable();
if (!hasKubectl && process.env.CI === 'true')
  throw new Error('kubectl is required under CI=true to render deploy/kubernetes');

interface Manifest {
  kind: string;
  metadata: { name: string };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
}
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string } };
}
interface Container {
  name: string;
  env: EnvVar[];
  readinessProbe: { httpGet: { path: string; port: string } };
  livenessProbe: { httpGet: { path: string; port: string } };
  lifecycle: { preStop: { exec: { command: string[] } } };
  resources: { requests: Record<string, string>; limits: Record<string, string> };
  securityContext: Record<string, unknown>;
  volumeMounts: { name: string; mountPath: string; readOnly?: boolean }[];
}
interface PodSpec {
  terminationGracePeriodSeconds: number;
  securityContext: Record<string, unknown>;
  containers: Container[];
  volumes: Record<string, unknown>[];
}

function render(folder: string): Manifest[] {
  const text = execFileSync('kubectl', ['kustomize', `${kubernetesDir}${folder}`], { encoding: 'utf8' });
  return parseAllDocuments(text).map((document) => document.toJS() as Manifest);
}

function one(manifests: Manifest[], kind: string): Manifest {
  const found = manifests.filter((manifest) => manifest.kind === kind);
  expect(found, kind).toHaveLength(1);
  return found[0]!;
}

function podSpec(manifests: Manifest[]): PodSpec {
  return (one(manifests, 'Deployment').spec as { template: { spec: PodSpec } }).template.spec;
}

/** Stand-ins for the Secret's URL entries, shaped as docs/deployment.md tells operators to fill them. */
const secretStandIns: Record<string, string> = {
  'redis-url': 'redis://:password@redis.interlingua.svc:6379/0',
  'database-url': 'postgres://interlingua:password@postgres.interlingua.svc:5432/interlingua',
};

/** The environment the Deployment gives the container, secrets filled with stand-in values. */
function containerEnv(container: Container): NodeJS.ProcessEnv {
  return Object.fromEntries(
    container.env.map((variable) => {
      const key = variable.valueFrom?.secretKeyRef?.key ?? 'missing';
      return [variable.name, variable.value ?? secretStandIns[key] ?? `from-secret-${key}-0123456789`];
    }),
  );
}

/** The config file as the container reads it: the ConfigMap's entry mounted at INTERLINGUA_CONFIG. */
function mountedConfig(manifests: Manifest[]): { text: string; env: NodeJS.ProcessEnv } {
  const spec = podSpec(manifests);
  const container = spec.containers[0]!;
  const env = containerEnv(container);
  const path = env.INTERLINGUA_CONFIG ?? '';
  const mount = container.volumeMounts.find((m) => path.startsWith(`${m.mountPath}/`));
  expect(mount, `a volume mounted over ${path}`).toBeDefined();
  const volume = spec.volumes.find((v) => v.name === mount!.name) as { configMap?: { name: string } };
  const configMap = manifests.find((m) => m.kind === 'ConfigMap' && m.metadata.name === volume.configMap?.name);
  const text = configMap?.data?.[path.slice(mount!.mountPath.length + 1)];
  expect(text, `the ConfigMap entry behind ${path}`).toBeTypeOf('string');
  return { text: text!, env };
}

describe.skipIf(!hasKubectl)('deploy/kubernetes rendered with kubectl kustomize', () => {
  describe.each(['base', 'overlays/replicated'])('%s', (folder) => {
    const manifests = render(folder);
    const spec = podSpec(manifests);
    const container = spec.containers[0]!;

    it('probes readiness on /ready and liveness on /health, and drains before the kill', () => {
      expect(container.readinessProbe.httpGet).toEqual({ path: '/ready', port: 'http' });
      expect(container.livenessProbe.httpGet).toEqual({ path: '/health', port: 'http' });
      expect(container.lifecycle.preStop.exec.command[0]).toBe('sleep');
      const preStopSeconds = Number(container.lifecycle.preStop.exec.command[1]);
      const { text, env } = mountedConfig(manifests);
      const graceMs = parseConfigText(text, folder, env).shutdown.graceMs;
      expect(preStopSeconds * 1000 + graceMs).toBeLessThan(spec.terminationGracePeriodSeconds * 1000);
    });

    it('runs as non-root on a read-only root with no privilege escalation and no capabilities', () => {
      expect(spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
      expect(container.securityContext).toEqual({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
      const writable = container.volumeMounts
        .filter((m) => m.readOnly !== true)
        .map((m) => m.mountPath)
        .sort();
      expect(writable).toEqual(['/data', '/tmp']);
      expect(container.resources.requests).toHaveProperty('cpu');
      expect(container.resources.requests).toHaveProperty('memory');
      expect(container.resources.limits).toHaveProperty('memory');
    });

    it('ships a config that passes the gateway config check, listening on all interfaces, with every secret from a Secret', () => {
      const { text, env } = mountedConfig(manifests);
      const config = parseConfigText(text, folder, env);
      expect(config.server.host).toBe('0.0.0.0');
      expect(configWarnings(config)).toEqual([]);
      for (const variable of container.env.filter((v) => v.name !== 'INTERLINGUA_CONFIG'))
        expect(variable.valueFrom?.secretKeyRef?.name, variable.name).toBe('interlingua');
    });

    it('has a Service, a PodDisruptionBudget and an autoscaler selecting the Deployment', () => {
      const deployment = one(manifests, 'Deployment') as Manifest & {
        spec: { selector: { matchLabels: Record<string, string> } };
      };
      const selector = deployment.spec.selector.matchLabels;
      expect((one(manifests, 'Service').spec as { selector: unknown }).selector).toEqual(selector);
      expect(
        (one(manifests, 'PodDisruptionBudget').spec as { selector: { matchLabels: unknown } }).selector.matchLabels,
      ).toEqual(selector);
      expect((one(manifests, 'HorizontalPodAutoscaler').spec as { scaleTargetRef: unknown }).scaleTargetRef).toEqual({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        name: 'interlingua',
      });
    });
  });

  it('the replicated overlay shares state through Redis and PostgreSQL and scales past one pod', () => {
    const manifests = render('overlays/replicated');
    const { text, env } = mountedConfig(manifests);
    const config = parseConfigText(text, 'replicated', env);
    expect(config.store.type).toBe('redis');
    expect(config.database?.type).toBe('postgres');
    expect(config.responses.compaction.secret).toBe(env.INTERLINGUA_COMPACTION_SECRET);
    expect(manifests.some((m) => m.kind === 'PersistentVolumeClaim')).toBe(false);
    expect(
      (one(manifests, 'HorizontalPodAutoscaler').spec as { minReplicas: number }).minReplicas,
    ).toBeGreaterThanOrEqual(2);
    expect((one(manifests, 'PodDisruptionBudget').spec as { minAvailable: number }).minAvailable).toBe(1);
  });
});
