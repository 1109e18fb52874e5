import cluster, { type Worker } from 'node:cluster';
import type { GatewayConfig } from '../config/config-schema.js';
import { ConfigError, loadConfig } from '../config/load-config.js';
import { createStore } from '../store/create-store.js';
import type { StateStore } from '../store/state-store.js';
import { CONTROL_CHANNEL, isControlMessage, type PrimaryMessage, type WorkerMessage } from './control-protocol.js';
import { KeyChangeSpreader } from './key-change-spread.js';
import { RestartBackoff } from './restart-backoff.js';
import { runSecrets } from './run-secrets.js';
import { primaryMetrics } from './cluster-metrics.js';
import { answerStoreRequest } from './store-host.js';
import { isStoreMessage, type StoreRequest } from './store-protocol.js';
import { errorText } from '../http/style-errors.js';

export interface PrimaryOptions {
  config: GatewayConfig;
  /** The file SIGHUP reloads; none when running on the defaults. */
  configPath: string | undefined;
  env: NodeJS.ProcessEnv;
  workers: number;
  /** Warnings about a config that is valid but probably not meant (printed on reload). */
  warningsOf(config: GatewayConfig): string[];
}

/** Longer than a worker's own graceful stop (grace, then a last flush) before it is killed. */
const STOP_MARGIN_MS = 5_000;

/**
 * The primary of several gateway processes on one port: it forks `workers` of them with the
 * validated config, holds the memory store they share, starts a worker again when one dies
 * (waiting longer after each quick death), reloads all of them on SIGHUP (a config any of them
 * refuses is taken back from all) and stops them gracefully on SIGTERM / SIGINT.
 */
export function runPrimary(options: PrimaryOptions): Promise<void> {
  return new Primary(options).start();
}

class Primary {
  private current: GatewayConfig;
  private readonly store: StateStore | undefined;
  private readonly startedWith = new Map<Worker, GatewayConfig>();
  private readonly reloadAnswers = new Map<Worker, { reload: number; settle(problems: string[] | undefined): void }>();
  private readonly backoff = new RestartBackoff();
  private reloads = 0;
  private reloading: Promise<void> = Promise.resolve();
  private stopping = false;
  private starting = true;
  private readonly metrics = primaryMetrics();
  private readonly keyChanges = new KeyChangeSpreader<Worker>();
  /** Workers that listen (and so apply key changes); one still starting reads the keys afresh. */
  private readonly serving = new Set<Worker>();
  private readonly withRunSecrets = runSecrets((message) => process.stderr.write(`warning: ${message}\n`));

  constructor(private readonly options: PrimaryOptions) {
    this.current = this.withRunSecrets(options.config);
    this.store = options.config.store.type === 'memory' ? createStore(options.config.store) : undefined;
  }

  async start(): Promise<void> {
    cluster.on('message', (worker, message: unknown) => this.onMessage(worker, message));
    cluster.on('exit', (worker, code, signal) => this.onExit(worker, code, signal));
    process.on('SIGHUP', () => void (this.reloading = this.reloading.then(() => this.reload())));
    process.on('SIGTERM', () => this.stop('SIGTERM'));
    process.on('SIGINT', () => this.stop('SIGINT'));
    let url: string;
    try {
      // One worker first: it creates the database schema before the others open it.
      url = await this.fork();
      await Promise.all(Array.from({ length: this.options.workers - 1 }, () => this.fork()));
    } catch {
      // A stop signal during the start ends the workers on purpose; `onExit` finishes then.
      if (this.stopping) return;
      process.stderr.write('A gateway worker could not start; stopping.\n');
      this.stopping = true;
      for (const worker of this.liveWorkers()) worker.kill('SIGKILL');
      return this.finish(1);
    }
    this.starting = false;
    if (this.stopping) return;
    process.stderr.write(`Interlingua gateway listening on ${url} (${this.options.workers} workers)\n`);
  }

  /** Starts one worker; resolves with its URL once it listens. */
  private fork(): Promise<string> {
    const worker = cluster.fork();
    this.backoff.started(worker.id);
    return new Promise((resolve, reject) => {
      worker.on('message', (message: unknown) => {
        if (!isControlMessage(message)) return;
        const said = message as WorkerMessage;
        if (said.type === 'ready') {
          this.startedWith.set(worker, this.current);
          this.send(worker, { channel: CONTROL_CHANNEL, type: 'start', config: this.current });
        } else if (said.type === 'listening') {
          if (!this.starting) process.stderr.write(`gateway worker ${worker.process.pid ?? '?'} serving\n`);
          this.serving.add(worker);
          resolve(said.url);
          // A config reloaded while this worker started reaches it now.
          if (this.startedWith.get(worker) !== this.current)
            this.send(worker, {
              channel: CONTROL_CHANNEL,
              type: 'reload',
              config: this.current,
              reload: ++this.reloads,
            });
        }
      });
      worker.once('exit', () =>
        reject(new Error(`gateway worker ${worker.process.pid ?? '?'} exited before it listened`)),
      );
    });
  }

  private onMessage(worker: Worker, message: unknown): void {
    if (isStoreMessage(message) && this.store) {
      void answerStoreRequest(this.store, message as StoreRequest).then((reply) => {
        if (worker.isConnected()) worker.send(reply);
      });
    } else if (isControlMessage(message) && message.type === 'reloaded') {
      const { reload, problems } = message as Extract<WorkerMessage, { type: 'reloaded' }>;
      const waiting = this.reloadAnswers.get(worker);
      if (waiting?.reload === reload) waiting.settle(problems);
    } else if (isControlMessage(message) && message.type === 'key-change') {
      this.spreadKeyChange(worker, message as Extract<WorkerMessage, { type: 'key-change' }>);
    } else if (isControlMessage(message) && message.type === 'key-change-applied') {
      this.keyChanges.applied((message as Extract<WorkerMessage, { type: 'key-change-applied' }>).id, worker);
    } else if (isControlMessage(message) && message.type === 'metrics') {
      const { id } = message as Extract<WorkerMessage, { type: 'metrics' }>;
      this.metrics().then(
        (text) => this.send(worker, { channel: CONTROL_CHANNEL, type: 'metrics', id, text }),
        (error: unknown) =>
          this.send(worker, {
            channel: CONTROL_CHANNEL,
            type: 'metrics',
            id,
            error: errorText(error),
          }),
      );
    }
  }

  /** Tells every other live worker of `from`'s key change, then answers `from` (see `KeyChangeSpreader`). */
  private spreadKeyChange(from: Worker, { id, change }: Extract<WorkerMessage, { type: 'key-change' }>): void {
    const others = [...this.serving].filter((worker) => worker !== from && worker.isConnected());
    void this.keyChanges
      .spread(change, others, (worker, spreadId) =>
        this.send(worker, { channel: CONTROL_CHANNEL, type: 'key-change', id: spreadId, change }),
      )
      .then(({ workers, applied }) =>
        this.send(from, { channel: CONTROL_CHANNEL, type: 'key-change-spread', id, workers, applied }),
      );
  }

  private onExit(worker: Worker, code: number | null, signal: string | null): void {
    this.startedWith.delete(worker);
    this.serving.delete(worker);
    this.keyChanges.gone(worker);
    this.reloadAnswers.get(worker)?.settle(undefined);
    if (this.stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) void this.finish(0);
      return;
    }
    // At start, `start` gives up when a worker dies.
    if (this.starting) return;
    const delayMs = this.backoff.exited(worker.id);
    process.stderr.write(
      `gateway worker ${worker.process.pid ?? '?'} exited (${signal ?? `code ${code}`}); starting another in ${delayMs} ms\n`,
    );
    setTimeout(() => {
      if (!this.stopping) this.fork().catch(() => undefined);
    }, delayMs).unref();
  }

  private async reload(): Promise<void> {
    if (this.stopping) return;
    const path = this.options.configPath;
    if (!path) {
      process.stderr.write('SIGHUP: no config file to reload (running on defaults)\n');
      return;
    }
    let next: GatewayConfig;
    try {
      next = this.withRunSecrets(loadConfig(path, this.options.env));
    } catch (error) {
      this.refused(path, error instanceof ConfigError ? error.problems : [errorText(error)]);
      return;
    }
    for (const warning of this.options.warningsOf(next)) process.stderr.write(`warning: ${warning}\n`);
    if (JSON.stringify(next.server.workers) !== JSON.stringify(this.current.server.workers))
      process.stderr.write('SIGHUP: server.workers applies only after a restart\n');
    // A worker still starting has no reload listener yet: it gets the new config when it listens.
    const workers = [...this.serving].filter((worker) => worker.isConnected());
    const answers = await Promise.all(workers.map((worker) => this.reloadWorker(worker, next)));
    const problems = answers.find((answer) => answer !== undefined);
    if (problems) {
      // Every worker keeps serving the same config: those that took the new one go back.
      await Promise.all(
        workers
          .filter((_, index) => answers[index] === undefined)
          .map((worker) => this.reloadWorker(worker, this.current)),
      );
      this.refused(path, problems);
      return;
    }
    this.current = next;
    process.stderr.write(`SIGHUP: reloaded ${path}\n`);
  }

  /** Resolves with the worker's problems with `config`, or undefined when it took it (or died). */
  private reloadWorker(worker: Worker, config: GatewayConfig): Promise<string[] | undefined> {
    const reload = ++this.reloads;
    return new Promise((resolve) => {
      this.reloadAnswers.set(worker, {
        reload,
        settle: (problems) => {
          this.reloadAnswers.delete(worker);
          resolve(problems);
        },
      });
      this.send(worker, { channel: CONTROL_CHANNEL, type: 'reload', config, reload });
    });
  }

  private refused(path: string, problems: readonly string[]): void {
    process.stderr.write(
      `SIGHUP: ${path} refused, keeping the running config:\n${problems.map((p) => `  - ${p}`).join('\n')}\n`,
    );
  }

  private stop(signal: string): void {
    if (this.stopping) {
      for (const worker of this.liveWorkers()) this.send(worker, { channel: CONTROL_CHANNEL, type: 'stop-now' });
      void this.finish(1);
      return;
    }
    this.stopping = true;
    const { graceMs } = this.current.shutdown;
    process.stderr.write(`${signal}: stopping; open requests may finish for ${graceMs} ms\n`);
    const workers = this.liveWorkers();
    if (workers.length === 0) void this.finish(0);
    for (const worker of workers) this.send(worker, { channel: CONTROL_CHANNEL, type: 'stop', graceMs });
    setTimeout(() => {
      for (const worker of this.liveWorkers()) worker.kill('SIGKILL');
    }, graceMs + STOP_MARGIN_MS).unref();
  }

  private async finish(code: number): Promise<void> {
    await this.store?.close();
    process.exit(code);
  }

  private liveWorkers(): Worker[] {
    return Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker => worker !== undefined && !worker.isDead(),
    );
  }

  private send(worker: Worker, message: PrimaryMessage): void {
    if (worker.isConnected()) worker.send(message);
  }
}
