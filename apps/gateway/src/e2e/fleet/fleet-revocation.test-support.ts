import { getOnNewConnection } from '../gateway-process.test-support.js';
import type { GatewayInstance } from './fleet-gateways.test-support.js';
import { sleep } from './fleet-services.test-support.js';

/** One look at whether an instance takes a secret (`GET /v1/models` on a new connection, so any worker answers). */
export interface KeyProbe {
  instance: string;
  secret: string;
  at: number;
  status: number;
}

/** Probes every instance directly (not through the balancer) with each secret every 100 ms while `going()`. */
export async function probeKeys(
  gateways: readonly GatewayInstance[],
  secrets: readonly string[],
  sink: KeyProbe[],
  going: () => boolean,
): Promise<void> {
  const loops = gateways.flatMap((gateway) =>
    secrets.map(async (secret) => {
      while (going()) {
        const at = Date.now();
        const status = await getOnNewConnection(gateway.url, '/v1/models', { authorization: `Bearer ${secret}` })
          .then((answer) => answer.status)
          .catch(() => 0);
        sink.push({ instance: gateway.name, secret, at, status });
        await sleep(100);
      }
    }),
  );
  await Promise.all(loops);
}

/**
 * How long after `from` each instance kept answering a secret against `expect`: the start of the
 * first probe after the last wrong answer, minus `from` (0 when it was right from the start);
 * undefined when it never became right.
 */
export function changeDelays(
  probes: readonly KeyProbe[],
  secret: string,
  from: number,
  expect: 'refused' | 'accepted',
): Map<string, number | undefined> {
  const right = (status: number): boolean => (expect === 'refused' ? status === 401 : status === 200);
  const delays = new Map<string, number | undefined>();
  const instances = new Set(probes.map((probe) => probe.instance));
  for (const instance of instances) {
    const after = probes
      .filter(
        (probe) => probe.instance === instance && probe.secret === secret && probe.at >= from && probe.status !== 0,
      )
      .sort((a, b) => a.at - b.at);
    let lastWrong = -1;
    after.forEach((probe, index) => {
      if (!right(probe.status)) lastWrong = index;
    });
    const firstRight = after[lastWrong + 1];
    delays.set(instance, firstRight ? Math.max(0, firstRight.at - from) : undefined);
  }
  return delays;
}
