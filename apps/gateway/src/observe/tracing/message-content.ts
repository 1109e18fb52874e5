import type { Attributes } from '@opentelemetry/api';
import type { IrContentPart, IrFilePart, IrRequest, IrResponse } from '@interlingua/ir';

/**
 * Message contents as the OpenTelemetry GenAI semantic conventions record them
 * (`gen_ai.input.messages`, `gen_ai.output.messages`: JSON arrays of `{ role, parts }`), built
 * from the IR, so they read the same whatever the caller's style. Recorded only when the
 * operator opted in. Opaque reasoning artefacts and carriers are never recorded, nor the bytes
 * of inline files (their type and size are).
 */

/** Characters of content (texts, tool arguments and results) one attribute holds at most. */
export const MAX_CONTENT_CHARS = 32 * 1024;
/** What each part's structure is charged against the bound, beside its content. */
const PART_OVERHEAD = 32;

type Part = Record<string, unknown>;
interface Message {
  role: string;
  parts: Part[];
  finish_reason?: string;
}

/** A shared character budget: strings past it are cut with a marker, and once it is spent the rest is left out. */
class ContentBudget {
  private left = MAX_CONTENT_CHARS;
  truncated = false;

  get spent(): boolean {
    return this.left <= 0;
  }

  charge(characters: number): void {
    this.left -= characters;
  }

  text(value: string): string {
    this.left -= PART_OVERHEAD;
    if (value.length <= this.left) {
      this.left -= value.length;
      return value;
    }
    const kept = value.slice(0, Math.max(0, this.left));
    this.left = 0;
    this.truncated = true;
    return `${kept}…[truncated: ${value.length - kept.length} characters not recorded]`;
  }
}

/** The request's messages (`gen_ai.input.messages`), and `interlingua.content.truncated` when the bound cut them. */
export function inputContentAttributes(request: IrRequest): Attributes {
  const budget = new ContentBudget();
  const messages = messagesWithin(request.messages, budget, (message) => ({
    role: message.role,
    parts: partsOf(message.content, budget),
  }));
  return contentAttributes('gen_ai.input.messages', messages, budget);
}

/** The answer's choices (`gen_ai.output.messages`), one message each with its finish reason. */
export function outputContentAttributes(response: IrResponse): Attributes {
  const budget = new ContentBudget();
  const messages = messagesWithin(response.choices, budget, (choice) => ({
    role: 'assistant',
    parts: partsOf(choice.content, budget),
    finish_reason: choice.finishReason.raw ?? choice.finishReason.unified,
  }));
  return contentAttributes('gen_ai.output.messages', messages, budget);
}

function contentAttributes(name: string, messages: Message[], budget: ContentBudget): Attributes {
  const attributes: Attributes = { [name]: JSON.stringify(messages) };
  if (budget.truncated) attributes['interlingua.content.truncated'] = true;
  return attributes;
}

function messagesWithin<Item>(
  items: readonly Item[],
  budget: ContentBudget,
  toMessage: (item: Item) => Message,
): Message[] {
  const messages: Message[] = [];
  for (const item of items) {
    budget.charge(PART_OVERHEAD);
    if (budget.spent) {
      budget.truncated = true;
      break;
    }
    messages.push(toMessage(item));
  }
  return messages;
}

function partsOf(content: readonly IrContentPart[], budget: ContentBudget): Part[] {
  const parts: Part[] = [];
  for (const part of content) {
    if (budget.spent) {
      budget.truncated = true;
      break;
    }
    const converted = partOf(part, budget);
    if (converted) parts.push(converted);
  }
  return parts;
}

function partOf(part: IrContentPart, budget: ContentBudget): Part | undefined {
  switch (part.type) {
    case 'text':
      return { type: 'text', content: budget.text(part.text) };
    case 'refusal':
      return { type: 'refusal', content: budget.text(part.text) };
    case 'reasoning':
      // Only visible reasoning: an opaque artefact (or a carrier) is never recorded.
      return part.text === '' ? undefined : { type: 'reasoning', content: budget.text(part.text) };
    case 'tool-call':
      return { type: 'tool_call', id: part.id, name: part.name, arguments: budget.text(part.argumentsJson) };
    case 'tool-result':
      return {
        type: 'tool_call_response',
        id: part.toolCallId,
        response: part.content.map((item) => (item.type === 'text' ? budget.text(item.text) : fileOf(item, budget))),
      };
    case 'file':
      return fileOf(part, budget);
    case 'web-search':
      return {
        type: 'server_tool_call',
        id: part.id,
        name: 'web_search',
        queries: part.queries.map((query) => budget.text(query)),
      };
  }
}

/** A file by reference (`uri`, `file_data`), or an inline one as a `blob` without its bytes. */
function fileOf(part: IrFilePart, budget: ContentBudget): Part {
  budget.charge(PART_OVERHEAD);
  const described = { modality: modalityOf(part.mediaType), mime_type: part.mediaType ?? null };
  const { source } = part;
  if (source.kind === 'url') return { type: 'uri', ...described, uri: budget.text(source.url) };
  if (source.kind === 'file-id') return { type: 'file_data', ...described, file_id: source.fileId };
  return { type: 'blob', ...described, content: '', size: Math.floor((source.data.length * 3) / 4) };
}

function modalityOf(mediaType: string | undefined): string {
  const kind = mediaType?.split('/', 1)[0];
  return kind === 'image' || kind === 'audio' || kind === 'video' ? kind : 'document';
}
