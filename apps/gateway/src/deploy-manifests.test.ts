// The Kubernetes manifests under deploy/kubernetes, rendered by `kubectl kustomize` as an operator
// applies them: probes, security context, draining, scaling objects, the network policy, no
// service-account token, secrets as files, and the ConfigMap's config file passing the gateway's
// own config check with the environment and the files the Deployment gives it.
// Without kubectl the test is skipped locally and fails under CI=true (.ci/run sets it).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
interface Volume {
  name: string;
  configMap?: { name: string };
  secret?: { secretName: string; defaultMode?: number };
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
  automountServiceAccountToken?: boolean;
  securityContext: Record<string, unknown>;
  containers: Container[];
  volumes: Volume[];
}

interface NetworkPeer {
  ipBlock?: { cidr: string; except?: string[] };
  namespaceSelector?: unknown;
}
interface NetworkPolicy {
  metadata: { name: string };
  spec: {
    podSelector: { matchLabels: Record<string, string> };
    policyTypes: string[];
    ingress?: unknown[];
    egress?: { to?: NetworkPeer[]; ports?: { port: number | string; protocol: string }[] }[];
  };
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

/** Stand-ins for the Secret's entries, the URLs shaped as docs/deployment.md tells operators to fill them. */
function secretStandIn(entry: string): string {
  const urls: Record<string, string> = {
    'redis-url': 'redis://:password@redis.interlingua.svc:6379/0',
    'database-url': 'postgres://interlingua:password@postgres.interlingua.svc:5432/interlingua',
  };
  return urls[entry] ?? `from-secret-${entry}-0123456789`;
}

/** Where the pod mounts the Secret `interlingua` (read-only), if it does. */
function secretMount(spec: PodSpec): { mountPath: string; readOnly?: boolean } | undefined {
  const volume = spec.volumes.find((v) => v.secret?.secretName === 'interlingua');
  return spec.containers[0]!.volumeMounts.find((m) => m.name === volume?.name);
}

const secretFiles = mkdtempSync(join(tmpdir(), 'interlingua-manifest-secrets-'));

/**
 * The environment the Deployment gives the container. A `*_FILE` naming a file of the Secret's
 * mount names a stand-in file here instead, holding the entry's stand-in value as the kubelet
 * writes it (the value alone).
 */
function containerEnv(spec: PodSpec): NodeJS.ProcessEnv {
  const mount = secretMount(spec);
  return Object.fromEntries(
    spec.containers[0]!.env.map((variable) => {
      const value = variable.value ?? `secretKeyRef-${variable.valueFrom?.secretKeyRef?.key ?? 'missing'}`;
      if (!mount || !value.startsWith(`${mount.mountPath}/`)) return [variable.name, value];
      const entry = value.slice(mount.mountPath.length + 1);
      const standIn = join(secretFiles, entry);
      writeFileSync(standIn, secretStandIn(entry));
      return [variable.name, standIn];
    }),
  );
}

/** The config file as the container reads it: the ConfigMap's entry mounted at INTERLINGUA_CONFIG. */
function mountedConfig(manifests: Manifest[]): { text: string; env: NodeJS.ProcessEnv } {
  const spec = podSpec(manifests);
  const container = spec.containers[0]!;
  const env = containerEnv(spec);
  const path = env.INTERLINGUA_CONFIG ?? '';
  const mount = container.volumeMounts.find((m) => path.startsWith(`${m.mountPath}/`));
  expect(mount, `a volume mounted over ${path}`).toBeDefined();
  const volume = spec.volumes.find((v) => v.name === mount!.name);
  const configMap = manifests.find((m) => m.kind === 'ConfigMap' && m.metadata.name === volume?.configMap?.name);
  const text = configMap?.data?.[path.slice(mount!.mountPath.length + 1)];
  expect(text, `the ConfigMap entry behind ${path}`).toBeTypeOf('string');
  return { text: text!, env };
}

it('is never skipped in CI: .ci/run exports CI=true before its first command', () => {
  const lines = readFileSync(fileURLToPath(new URL('../../../.ci/run', import.meta.url)), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));
  const exported = lines.indexOf('export CI=true');
  expect(exported, 'export CI=true in .ci/run').toBeGreaterThan(-1);
  const firstLane = lines.findIndex((line) => /\b(bash|pnpm|npm)\b/.test(line));
  expect(exported).toBeLessThan(firstLane);
});

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

    it('ships a config that passes the gateway config check, listening on all interfaces', () => {
      const { text, env } = mountedConfig(manifests);
      const config = parseConfigText(text, folder, env);
      expect(config.server.host).toBe('0.0.0.0');
      expect(configWarnings(config)).toEqual([]);
      expect(config.keys[0]?.secret).toBe(secretStandIn('api-key'));
      expect(config.admin?.secret).toBe(secretStandIn('admin-secret'));
    });

    it('gives every secret as a file of the Secret, none in the environment, and no service-account token', () => {
      expect(spec.automountServiceAccountToken).toBe(false);
      const mount = secretMount(spec);
      expect(mount).toMatchObject({ readOnly: true });
      expect(spec.volumes.find((v) => v.secret)?.secret).toEqual({ secretName: 'interlingua', defaultMode: 0o440 });
      for (const variable of container.env) {
        expect(variable.valueFrom, variable.name).toBeUndefined();
        if (variable.name === 'INTERLINGUA_CONFIG') continue;
        expect(variable.name, variable.name).toMatch(/_FILE$/);
        expect(variable.value, variable.name).toMatch(new RegExp(`^${mount!.mountPath}/[a-z-]+$`));
      }
      // Every ${NAME} of the config file is one of them.
      const settings = mountedConfig(manifests)
        .text.split('\n')
        .filter((line) => !line.trimStart().startsWith('#'))
        .join('\n');
      const referenced = [...settings.matchAll(/\$\{([A-Z_]+)\}/g)].map((match) => match[1]);
      expect(referenced).toContain('INTERLINGUA_API_KEY');
      const files = new Set(container.env.map((variable) => variable.name));
      for (const name of referenced) expect(files, name).toContain(`${name}_FILE`);
    });

    it('has a network policy: the gateway port in; DNS, HTTPS to public addresses and the shared state out', () => {
      const policies = manifests.filter((m) => m.kind === 'NetworkPolicy') as unknown as NetworkPolicy[];
      const labels = (one(manifests, 'Deployment').spec as { selector: { matchLabels: Record<string, string> } })
        .selector.matchLabels;
      for (const policy of policies) expect(policy.spec.podSelector.matchLabels).toEqual(labels);
      const main = policies.find((policy) => policy.metadata.name === 'interlingua')!;
      expect(main.spec.policyTypes).toEqual(['Ingress', 'Egress']);
      expect(main.spec.ingress).toEqual([{ ports: [{ port: 'http', protocol: 'TCP' }] }]);
      const egress = policies.flatMap((policy) => policy.spec.egress ?? []);
      // Every egress rule names its ports and where it goes: nothing is open to any port.
      for (const rule of egress) {
        expect(rule.ports?.length, JSON.stringify(rule)).toBeGreaterThan(0);
        expect(rule.to?.length, JSON.stringify(rule)).toBeGreaterThan(0);
      }
      const ports = egress.flatMap((rule) => rule.ports!.map((port) => `${port.port}/${port.protocol}`)).sort();
      const state = folder === 'base' ? [] : ['5432/TCP', '6379/TCP'];
      expect(ports).toEqual(['443/TCP', '53/TCP', '53/UDP', ...state].sort());
      const https = egress.find((rule) => rule.ports!.some((port) => port.port === 443))!;
      const v4 = https.to!.find((peer) => peer.ipBlock?.cidr === '0.0.0.0/0')!.ipBlock!;
      // Not the cluster's or the cloud's own addresses: private ranges and the link-local metadata service.
      for (const range of ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16'])
        expect(v4.except).toContain(range);
      const v6 = https.to!.find((peer) => peer.ipBlock?.cidr === '::/0')!.ipBlock!;
      for (const range of ['fc00::/7', 'fe80::/10']) expect(v6.except).toContain(range);
      const dns = egress.find((rule) => rule.ports!.some((port) => port.port === 53))!;
      expect(dns.to).toEqual([
        { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } } },
      ]);
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
    expect(config.responses.compaction.secret).toBe(secretStandIn('compaction-secret'));
    expect(manifests.some((m) => m.kind === 'PersistentVolumeClaim')).toBe(false);
    expect(
      (one(manifests, 'HorizontalPodAutoscaler').spec as { minReplicas: number }).minReplicas,
    ).toBeGreaterThanOrEqual(2);
    expect((one(manifests, 'PodDisruptionBudget').spec as { minAvailable: number }).minAvailable).toBe(1);
  });

  it('the replicated overlay stays ready while PostgreSQL is away and journals on the writable /data', () => {
    const manifests = render('overlays/replicated');
    const { text, env } = mountedConfig(manifests);
    const config = parseConfigText(text, 'replicated', env);
    // docs/scaling.md: one database behind every pod; 503 would take them all out of the Service at once.
    expect(config.database).toMatchObject({ type: 'postgres', unreachableStatus: 200 });
    expect(config.ledger.journal).toMatchObject({ enabled: true, dir: '/data' });
    const container = podSpec(manifests).containers[0]!;
    expect(container.volumeMounts.find((m) => m.mountPath === '/data')?.readOnly).not.toBe(true);
  });
});
