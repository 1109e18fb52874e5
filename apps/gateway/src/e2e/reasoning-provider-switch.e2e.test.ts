import { describe, expect, it } from 'vitest';
import {
  generationRequests,
  ROUTE_OF,
  startSwitchHarness,
  type SwitchUpstream,
} from './reasoning-switch-harness.test-support.js';
import {
  anthropicCaller,
  CALLERS,
  chatCaller,
  conversationPath,
  FINAL_TEXT,
  geminiCaller,
  NO_FIELD_PROBLEM,
  rebuildingChatCaller,
  responsesCaller,
  runConversation,
} from './reasoning-switch.test-support.js';

/** Conversations that leave a provider and come back to it. */
const PATHS: Array<[SwitchUpstream, SwitchUpstream, SwitchUpstream]> = [
  ['anthropic', 'chat', 'anthropic'],
  ['gemini', 'anthropic', 'gemini'],
  ['responses', 'anthropic', 'responses'],
];

describe.each(CALLERS.map((make) => [make('http://127.0.0.1:1').style, make] as const))(
  '%s caller',
  (_style, makeCaller) => {
    it.each(PATHS.map((path) => [path.join(' → '), path] as const))(
      'a tool conversation with thinking and parallel calls goes %s, the first provider getting its reasoning back byte for byte',
      async (_name, path) => {
        expect(await runConversation(makeCaller, path)).toMatchObject({ problems: [] });
      },
    );
  },
);

/**
 * What a chat caller that rebuilds assistant messages from content and tool calls loses: the
 * reasoning in `reasoning_details`. A Gemini call signature rides on its tool call
 * (`extra_content`), which such callers keep.
 */
function rebuiltProblems(path: readonly SwitchUpstream[]): string[] {
  return path[0] === 'gemini' ? [] : [NO_FIELD_PROBLEM];
}

describe('OpenAI chat caller that rebuilds assistant messages (drops reasoning_details, keeps tool calls as they came)', () => {
  it.each(PATHS.map((path) => [path.join(' → '), path] as const))(
    'a tool conversation goes %s without an error; only the replay of reasoning_details is lost',
    async (_name, path) => {
      expect((await runConversation(rebuildingChatCaller, path)).problems).toEqual(rebuiltProblems(path));
    },
  );
});

describe('warnings name what did not go to another provider', () => {
  it('an Anthropic caller switching Gemini → Anthropic is told which Gemini signatures were not sent', async () => {
    const { problems, warnings } = await runConversation(anthropicCaller, conversationPath('switch', 'gemini'));
    expect(problems).toEqual([]);
    expect(warnings).toContain(
      "dropped messages[1].content[1].opaque: the gemini signature of tool call 'weather' is not sent to anthropic",
    );
    expect(warnings).toContain(
      'dropped messages[3].content[0]: reasoning from anthropic (its signature) is not replayed to gemini',
    );
  });
});

/** The paths whose every upstream streams as its provider does (text a word a delta, signatures last). */
const STREAMED_PATHS = PATHS.slice(0, 2);

describe('streamed answers carry the same carriers, through the SDKs’ own stream helpers', () => {
  describe.each(CALLERS.map((make) => [make('http://127.0.0.1:1').style, make] as const))(
    '%s caller',
    (_style, makeCaller) => {
      it.each(STREAMED_PATHS.map((path) => [path.join(' → '), path] as const))(
        'every step streamed, %s: the first provider gets its reasoning back byte for byte',
        async (_name, path) => {
          expect(await runConversation(makeCaller, path, { streamed: [true, true, true] })).toMatchObject({
            problems: [],
          });
        },
      );
    },
  );

  it.each(STREAMED_PATHS.map((path) => [path.join(' → '), path] as const))(
    'a chat caller that rebuilds assistant messages, every step streamed, goes %s without an error',
    async (_name, path) => {
      expect((await runConversation(rebuildingChatCaller, path, { streamed: [true, true, true] })).problems).toEqual(
        rebuiltProblems(path),
      );
    },
  );

  it.each([
    ['Anthropic Messages', anthropicCaller],
    ['OpenAI Responses', responsesCaller],
  ] as const)(
    '%s caller streams only Gemini’s answers (Gemini → Anthropic → Gemini) and Gemini gets its signature back',
    async (_style, makeCaller) => {
      expect(
        await runConversation(makeCaller, conversationPath('switch', 'gemini'), { streamed: [true, false, true] }),
      ).toMatchObject({ problems: [] });
    },
  );
});

describe("the route policy reasoning.foreign: 'text'", () => {
  it('sends the visible text of Anthropic thinking to Gemini as plain text, and says so', async () => {
    let geminiSaw = '';
    const { problems, warnings } = await runConversation(geminiCaller, ['anthropic', 'gemini', 'anthropic'], {
      routeReasoning: { foreign: 'text' },
      inspect: (setup) => (geminiSaw = generationRequests(setup.servers.gemini).at(-1)?.body.toString('utf8') ?? ''),
    });
    expect(problems).toEqual([]);
    expect(JSON.parse(geminiSaw).contents[1].parts[0]).toEqual({
      text: 'Step 0: the weather in Paris and Rome is needed.',
    });
    expect(warnings).toContain(
      'approximated messages[1].content[0]: reasoning from anthropic (its signature) is sent to gemini as plain text',
    );
  });
});

describe('Gemini signatures on text parts', () => {
  it.each(
    CALLERS.filter((make) => make !== chatCaller).map((make) => [make('http://127.0.0.1:1').style, make] as const),
  )(
    '%s caller asks a follow-up after Gemini’s signed final text (Gemini → Anthropic → Gemini → Gemini): the text part gets its signature back',
    async (_style, makeCaller) => {
      const setup = await startSwitchHarness();
      try {
        const caller = makeCaller(setup.harness.url);
        for (const upstream of ['gemini', 'anthropic', 'gemini'] as const) await caller.step(ROUTE_OF[upstream]);
        const textSignature = setup.gemini.signatures.all().at(-1) ?? 'none issued';
        caller.tell('Thanks. And tomorrow?');
        const followUp = await caller.step(ROUTE_OF.gemini);
        expect(followUp.text).toBe(FINAL_TEXT);
        const sent = JSON.parse(generationRequests(setup.servers.gemini).at(-1)?.body.toString('utf8') ?? '{}') as {
          contents: Array<{ role: string; parts: Array<Record<string, unknown>> }>;
        };
        const lastModelTurn = sent.contents.filter((content) => content.role === 'model').at(-1);
        expect(lastModelTurn?.parts).toContainEqual({ text: FINAL_TEXT, thoughtSignature: textSignature });
      } finally {
        await setup.close();
      }
    },
  );
});
