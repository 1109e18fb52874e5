import { admin, errorMessage, readEvents } from '../api.js';
import { append, clear, h } from '../dom.js';

type Style = 'openai-chat' | 'openai-responses' | 'anthropic-messages' | 'gemini';

interface StyleCall {
  label: string;
  path(model: string): string;
  body(model: string, prompt: string): Record<string, unknown>;
  /** The answer text an event adds, if any. */
  text(event: string, data: Record<string, unknown>): string;
}

const STYLES: Record<Style, StyleCall> = {
  'openai-chat': {
    label: 'OpenAI chat completions',
    path: () => '/v1/chat/completions',
    body: (model, prompt) => ({
      model,
      messages: [{ role: 'user', content: prompt }],
      stream: true,
      stream_options: { include_usage: true },
    }),
    text: (_event, data) =>
      String((data.choices as Array<{ delta?: { content?: string } }> | undefined)?.[0]?.delta?.content ?? ''),
  },
  'openai-responses': {
    label: 'OpenAI Responses',
    path: () => '/v1/responses',
    body: (model, prompt) => ({ model, input: prompt, stream: true }),
    text: (_event, data) => (data.type === 'response.output_text.delta' ? String(data.delta ?? '') : ''),
  },
  'anthropic-messages': {
    label: 'Anthropic Messages',
    path: () => '/v1/messages',
    body: (model, prompt) => ({ model, max_tokens: 1024, messages: [{ role: 'user', content: prompt }], stream: true }),
    text: (_event, data) => {
      const delta = data.delta as { type?: string; text?: string } | undefined;
      return data.type === 'content_block_delta' && delta?.type === 'text_delta' ? String(delta.text ?? '') : '';
    },
  },
  gemini: {
    label: 'Gemini',
    path: (model) => `/v1beta/models/${encodeURIComponent(model)}:streamGenerateContent?alt=sse`,
    body: (_model, prompt) => ({ contents: [{ role: 'user', parts: [{ text: prompt }] }] }),
    text: (_event, data) =>
      (
        (
          data.candidates as Array<{ content?: { parts?: Array<{ text?: string; thought?: boolean }> } }> | undefined
        )?.[0]?.content?.parts ?? []
      )
        .filter((part) => !part.thought)
        .map((part) => part.text ?? '')
        .join(''),
  },
};

/** The playground's key, issued to this page and held in memory only. */
let playgroundSecret: string | undefined;

/**
 * Playground: a model and a caller style, a prompt, the answer streamed as a client of that style
 * sees it, the request as it goes upstream after translation, the route and the warnings.
 */
export async function playgroundPage(root: HTMLElement): Promise<void> {
  const routes = await admin<{ models: Array<{ name: string }> }>('/admin/routes');
  const model = h('input', {
    name: 'model',
    list: 'playground-models',
    value: routes.models[0]?.name.replace('*', '') ?? 'mock',
    'aria-label': 'Model',
  });
  const models = h(
    'datalist',
    { id: 'playground-models' },
    ...routes.models.map((route) => h('option', { value: route.name })),
  );
  const style = h(
    'select',
    { name: 'style', 'aria-label': 'Caller style' },
    ...Object.entries(STYLES).map(([value, call]) => h('option', { value }, call.label)),
  );
  const promptInput = h('textarea', { name: 'prompt', rows: 3, 'aria-label': 'Prompt' });
  promptInput.value = 'Write a haiku about translation.';
  const answer = h('pre', { class: 'answer', 'data-testid': 'playground-answer', 'aria-live': 'polite' });
  const route = h('p', { class: 'muted', 'data-testid': 'playground-route' });
  const warnings = h('ul', { class: 'warnings', 'data-testid': 'playground-warnings' });
  const upstream = h('pre', { class: 'json', 'data-testid': 'playground-upstream' });
  const status = h('p', { class: 'error', role: 'alert' });
  const form = h(
    'form',
    { class: 'playground-form', 'aria-label': 'Playground' },
    h('div', { class: 'inline-form' }, model, models, style),
    promptInput,
    h('button', { type: 'submit' }, 'Send'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send().catch(
      (error: unknown) => (status.textContent = error instanceof Error ? error.message : String(error)),
    );
  });
  const send = async (): Promise<void> => {
    const call = STYLES[style.value as Style];
    const body = call.body(model.value, promptInput.value);
    clear(answer);
    clear(warnings);
    status.textContent = '';
    route.textContent = '';
    const preview = await admin<{
      provider: string;
      upstreamModel: string;
      wire: string;
      url: string | null;
      body: unknown;
      warnings: Array<{ kind: string; field: string; message: string }>;
    }>('/admin/playground/translate', {
      method: 'POST',
      body: { style: style.value, model: model.value, body, stream: true },
    });
    upstream.textContent = `${preview.url ? `POST ${preview.url}` : `answered in process by ${preview.provider}`} (${preview.wire})\n\n${JSON.stringify(preview.body, null, 2)}`;
    for (const warning of preview.warnings)
      warnings.appendChild(h('li', {}, `${warning.kind} ${warning.field}: ${warning.message}`));
    playgroundSecret ??= (await admin<{ secret: string }>('/admin/playground/key', { method: 'POST' })).secret;
    const response = await fetch(call.path(model.value), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${playgroundSecret}`,
        'content-type': 'application/json',
        'anthropic-version': '2023-06-01',
      },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${response.status}: ${await errorMessage(response)}`);
    route.textContent = response.headers.get('x-interlingua-route') ?? '';
    const answerWarnings = response.headers.get('x-interlingua-warnings');
    if (answerWarnings) for (const warning of answerWarnings.split(' | ')) warnings.appendChild(h('li', {}, warning));
    await readEvents(response, (event, data) => {
      if (data === '[DONE]') return;
      const text = call.text(event, JSON.parse(data) as Record<string, unknown>);
      if (text) answer.appendChild(document.createTextNode(text));
    });
    answer.dataset.done = 'true';
  };
  append(root, [
    h('h1', {}, 'Playground'),
    form,
    status,
    h(
      'div',
      { class: 'split' },
      h('section', {}, h('h2', {}, 'Answer'), route, answer, h('h3', {}, 'Warnings'), warnings),
      h('section', {}, h('h2', {}, 'Request as sent upstream'), upstream),
    ),
  ]);
}
