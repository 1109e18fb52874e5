import { sendJson, startLoopbackUpstream, type LoopbackUpstream } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spansOfTrace } from '../observe/tracing/otlp-receiver.test-support.js';
import { startHarness, type Harness } from './gateway-harness.test-support.js';
import { startLoopbackMcpServer, type LoopbackMcpServer } from './mcp-upstreams.test-support.js';

/** A tool call's span: under the request's, named and attributed after the GenAI conventions for MCP. */
const KEY = 'mcp-traces-key-0001';
const TRACE = '5bf92f3577b34da6a3ce929d0e0e4736';
let receiver: LoopbackUpstream;
let calc: LoopbackMcpServer;
let harness: Harness;

beforeAll(async () => {
  receiver = await startLoopbackUpstream((_request, response) => sendJson(response, 200, {}));
  calc = await startLoopbackMcpServer();
  harness = await startHarness((_request, response) => response.end(), {
    keys: [{ name: 'traced', secret: KEY, mcp: { servers: ['calc'] } }],
    sections: {
      mcp: { servers: [{ name: 'calc', url: calc.url }] },
      telemetry: { endpoint: receiver.url, protocol: 'http/json', serviceName: 'gateway-under-test' },
    },
  });
});
afterAll(async () => {
  await harness.close();
  await calc.close();
  await receiver.close();
});

describe('MCP traces', () => {
  it('give each tool call a span under the request span, with mcp.method.name and gen_ai.tool.name', async () => {
    const answer = await fetch(`${harness.url}/mcp/calc`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${KEY}`,
        'content-type': 'application/json',
        traceparent: `00-${TRACE}-00f067aa0ba902b7-01`,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'add', arguments: { a: 1, b: 1 } },
      }),
    });
    expect(answer.status).toBe(200);
    const spans = await spansOfTrace(receiver, harness.gateway.gateway.ops.runtime.tracer!, TRACE);
    const request = spans.find((span) => span.kind === 2);
    const call = spans.find((span) => span.name === 'tools/call add');
    expect(call?.parentSpanId).toBe(request?.spanId);
    expect(call?.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'add',
      'interlingua.mcp.server': 'calc',
    });
  });
});
