import { afterEach, describe, expect, it } from 'vitest';
import { CALLERS, FINAL_TEXT, generationRequests, ROUTE_OF, startSwitchHarness, type SwitchHarness, type SwitchUpstream } from './reasoning-switch.test-support.js';

/** Every carrier starts so (see reasoning/reasoning-carrier.ts): none may reach a provider. */
const CARRIER_PREFIX = 'iLgRsN01';

/** Conversations that leave a provider and come back to it. */
const PATHS: Array<[SwitchUpstream, SwitchUpstream, SwitchUpstream]> = [
  ['anthropic', 'chat', 'anthropic'],
  ['gemini', 'anthropic', 'gemini'],
  ['responses', 'anthropic', 'responses'],
];

/** The artefacts the first upstream of a path issued on the first step. */
function firstStepArtefacts(setup: SwitchHarness, upstream: SwitchUpstream): string[] {
  if (upstream === 'anthropic') return [...setup.anthropic.signatures.all().slice(0, 1), ...setup.anthropic.redacted.all().slice(0, 1)];
  if (upstream === 'gemini') return setup.gemini.signatures.all().slice(0, 1);
  if (upstream === 'responses') return setup.responses.encrypted.all().slice(0, 1);
  return [];
}

let setup: SwitchHarness | undefined;
afterEach(async () => {
  await setup?.close();
  setup = undefined;
});

describe.each(CALLERS.map((make) => [make('http://127.0.0.1:1').style, make] as const))('%s caller', (_style, makeCaller) => {
  it.each(PATHS.map((path) => [path.join(' → '), path] as const))('a tool conversation with thinking and parallel calls goes %s', async (_name, path) => {
    setup = await startSwitchHarness();
    const caller = makeCaller(setup.harness.url);
    const [first, second, third] = path;
    const one = await caller.step(ROUTE_OF[first]);
    expect(one.calls).toEqual(['weather', 'weather']);
    const issued = firstStepArtefacts(setup, first);
    const two = await caller.step(ROUTE_OF[second]);
    expect(two.calls).toEqual(['weather', 'weather']);
    const three = await caller.step(ROUTE_OF[third]);
    expect(three.text).toBe(FINAL_TEXT);

    const secondBody = generationRequests(setup.servers[second]).at(-1)?.body.toString('utf8') ?? '';
    for (const artefact of issued) expect(secondBody).not.toContain(artefact);
    for (const server of Object.values(setup.servers)) {
      for (const request of generationRequests(server)) expect(request.body.toString('utf8')).not.toContain(CARRIER_PREFIX);
    }
    if (caller.style !== 'OpenAI chat') {
      const thirdBody = generationRequests(setup.servers[third]).at(-1)?.body.toString('utf8') ?? '';
      expect(issued.length).toBeGreaterThan(0);
      for (const artefact of issued) expect(thirdBody).toContain(artefact);
    }
  });
});
