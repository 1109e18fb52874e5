import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import type { GatewayConfig } from './config/config-schema.js';
import { createGateway, type Gateway, type GatewayOptions } from './gateway.js';

export interface RunningGateway {
  gateway: Gateway;
  server: Server;
  /** e.g. `http://127.0.0.1:8080` */
  url: string;
  close(): Promise<void>;
}

/** Starts the gateway's HTTP server; `server.port: 0` picks a free port. */
export async function startGateway(config: GatewayConfig, options: GatewayOptions = {}): Promise<RunningGateway> {
  const gateway = createGateway(config, options);
  const server = createServer(createApp(gateway));
  // Above common load-balancer idle timeouts; no overall request timeout, streams may be long.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.server.port, config.server.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    gateway,
    server,
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 2_000).unref();
      }).then(() => gateway.store.close()),
  };
}
