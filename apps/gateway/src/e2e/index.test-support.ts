/** What suites outside the gateway (apps/client-suites) use to run it in-process against loopback upstreams. */
export { GATEWAY_KEY, startHarness, type Harness, type HarnessOptions } from './gateway-harness.test-support.js';
export { providerForWire, readWireRequest, UPSTREAM_WIRES, type WireRequest } from './upstream-wires.test-support.js';
export {
  generationRequests,
  ROUTE_OF,
  startSwitchHarness,
  type SwitchHarness,
  type SwitchUpstream,
} from './reasoning-switch-harness.test-support.js';
export { CARRIER_PREFIX } from '../reasoning/reasoning-carrier.js';
export { EVERYTHING_MAIN } from './mcp-judges.test-support.js';
export { connectSdkClient } from './mcp-sdk-client.test-support.js';
export { startLoopGateway, type LoopGateway } from './mcp-in-requests-gateway.test-support.js';
export { ECHO_ANSWER } from './mcp-in-requests-judges.test-support.js';
