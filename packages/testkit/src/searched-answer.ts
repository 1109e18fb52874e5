/** A page a text part cites (the IR's `IrCitation` fields). */
interface Citation {
  url: string;
  title?: string;
  citedText?: string;
  startIndex?: number;
  endIndex?: number;
}

export interface SearchedAnswer {
  id: string;
  model: string;
  /** The provider's own finish reason (`end_turn`, `completed`…); the unified one is `stop`. */
  rawFinish: string;
  search: { id: string; queries: string[]; sources: Array<{ url: string; title?: string }> };
  /** The answer's text parts after the search, cited or not. */
  texts: Array<{ text: string; citations?: Citation[] }>;
  /** Token counts; the one web search is counted beside them. Absent: the answer reports no usage. */
  tokens?: { input: number; output: number };
}

/**
 * An answer another provider searched the web for, as IR: its search first, then its text parts.
 * The style tests write it in their own wire (typed by the caller as `IrResponse`).
 */
export function searchedIrAnswer(answer: SearchedAnswer) {
  const { tokens } = answer;
  return {
    id: answer.id,
    model: answer.model,
    created: 0,
    choices: [
      {
        index: 0,
        finishReason: { unified: 'stop' as const, raw: answer.rawFinish },
        content: [
          { type: 'web-search' as const, ...answer.search },
          ...answer.texts.map((part) => ({ type: 'text' as const, ...part })),
        ],
      },
    ],
    ...(tokens && {
      usage: {
        inputTokens: tokens.input,
        outputTokens: tokens.output,
        totalTokens: tokens.input + tokens.output,
        webSearchRequests: 1,
      },
    }),
  };
}

/**
 * A chat search model's answer, the shape OpenAI documents for `gpt-4o-search-preview`: one
 * `url_citation` annotation over a span that follows an emoji (two UTF-16 units, one code point).
 */
export const CHAT_SEARCH_ANSWER = {
  id: 'chatcmpl-search',
  object: 'chat.completion',
  created: 1_700_000_000,
  model: 'gpt-4o-search-preview',
  choices: [
    {
      index: 0,
      message: {
        role: 'assistant',
        content: 'Calgary 🌤 is 21°C today (weather.example).',
        refusal: null,
        annotations: [
          {
            type: 'url_citation',
            url_citation: { start_index: 8, end_index: 23, title: 'Calgary weather', url: 'https://weather.example/' },
          },
        ],
      },
      logprobs: null,
      finish_reason: 'stop',
    },
  ],
  usage: { prompt_tokens: 5, completion_tokens: 9, total_tokens: 14 },
};
