import type { GatewayConfig } from '../config/config-schema.js';
import { ConfigError } from '../config/load-config.js';
import { createRuntime } from '../operations/gateway-ops.js';
import { startGateway, type RunningGateway } from '../server.js';
import { createStore } from '../store/create-store.js';
import { workerMetricsText } from './cluster-metrics.js';
import { CONTROL_CHANNEL, isControlMessage, type PrimaryMessage, type WorkerMessage } from './control-protocol.js';
import { IpcStore } from './ipc-store.js';
import { workerKeyChanges } from './worker-key-changes.js';
import { isStoreMessage, type StoreChannel, type StoreReply } from './store-protocol.js';
import { errorText } from '../http/style-errors.js';

/**
 * One gateway process of several (`server.workers` > 1): it takes its config from the primary,
 * reaches the primary's store when the store is in memory, and reloads and stops when the
 * primary says so. Signals are the primary's to handle (a terminal sends them to every process).
 */
export async function runWorker(): Promise<void> {
  for (const signal of ['SIGHUP', 'SIGINT', 'SIGTERM'] as const) process.on(signal, () => undefined);
  const config = await startConfig();
  const store = config.store.type === 'memory' ? new IpcStore(processStoreChannel()) : createStore(config.store);
  const runtime = createRuntime(config, store);
  runtime.metricsText = workerMetricsText(runtime.metrics.registry);
  const keyChanges = workerKeyChanges(runtime, tell);
  runtime.spreadKeyChange = keyChanges.spread;
  const running = await startGateway(config, { runtime });
  process.on('message', (message: unknown) => {
    if (!isControlMessage(message)) return;
    const said = message as PrimaryMessage;
    if (said.type === 'key-change' || said.type === 'key-change-spread') keyChanges.receive(said);
    else obey(running, said);
  });
  tell({ channel: CONTROL_CHANNEL, type: 'listening', url: running.url });
}

function startConfig(): Promise<GatewayConfig> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown): void => {
      if (!isControlMessage(message)) return;
      // Stopped before it started: nothing to drain.
      if (message.type === 'stop' || message.type === 'stop-now') process.exit(0);
      if (message.type !== 'start') return;
      process.off('message', onMessage);
      resolve((message as Extract<PrimaryMessage, { type: 'start' }>).config);
    };
    process.on('message', onMessage);
    tell({ channel: CONTROL_CHANNEL, type: 'ready' });
  });
}

function obey(running: RunningGateway, message: PrimaryMessage): void {
  if (message.type === 'reload') {
    try {
      running.reload(message.config);
      tell({ channel: CONTROL_CHANNEL, type: 'reloaded', reload: message.reload });
    } catch (error) {
      const problems = error instanceof ConfigError ? error.problems : [errorText(error)];
      tell({ channel: CONTROL_CHANNEL, type: 'reloaded', reload: message.reload, problems });
    }
  } else if (message.type === 'stop') {
    void running.shutdown(message.graceMs).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  } else if (message.type === 'stop-now') {
    process.exit(1);
  }
}

function tell(message: WorkerMessage): void {
  process.send?.(message);
}

function processStoreChannel(): StoreChannel {
  return {
    send: (request) => process.send?.(request),
    onReply(listener) {
      const onMessage = (message: unknown): void => {
        if (isStoreMessage(message)) listener(message as StoreReply);
      };
      process.on('message', onMessage);
      return () => process.off('message', onMessage);
    },
  };
}
