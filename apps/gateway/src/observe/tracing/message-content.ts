import type { Attributes } from '@opentelemetry/api';
import type { IrContentPart, IrFilePart, IrRequest, IrResponse } from '@interlingua/ir';

/**
 * Message contents as the OpenTelemetry GenAI semantic conventions record them
 * (`gen_ai.input.messages`, `gen_ai.output.messages`: JSON arrays of `{ role, parts }`), built
 * from the IR, so they read the same whatever the caller's style. Recorded only when the
 * operator opted in. Opaque reasoning artefacts and carriers are never recorded, nor the bytes
 * of inline files (their type and size are).
 */

/**
 * Characters one attribute holds at most, its JSON included: every string a part carries (texts,
 * ids, names, types, URIs) is charged at its escaped length, and each part's structure too.
 */
export const MAX_CONTENT_CHARS = 32 * 1024;
/** Room kept after a cut string for its marker and the structure of its part and message. */
const MARKER_ROOM = 192;

type Part = Record<string, unknown>;
interface Message {
  role: string;
  parts: Part[];
  finish_reason?: string;
}

/** The length of `value` once written as a JSON string, quotes left out. */
const escapedLength = (value: string): number => JSON.stringify(value).length - 2;

/** `value` cut to at most `room` characters once escaped. */
function cutTo(value: string, room: number): string {
  let kept = value.slice(0, Math.max(0, room));
  for (let excess = escapedLength(kept) - room; excess > 0; excess = escapedLength(kept) - room)
    kept = kept.slice(0, kept.length - excess);
  return kept;
}

/**
 * The attribute's character budget: strings past it are cut with a marker (the first one) or
 * left empty (the later ones), and a part or message whose structure no longer fits is left out.
 */
class ContentBudget {
  private left = MAX_CONTENT_CHARS - 2;
  truncated = false;

  get spent(): boolean {
    return this.left <= 0;
  }

  /** Takes `characters` when they fit; else marks the attribute cut and takes nothing. */
  take(characters: number): boolean {
    if (characters > this.left) {
      this.truncated = true;
      this.left = 0;
      return false;
    }
    this.left -= characters;
    return true;
  }

  remaining(): number {
    return this.left;
  }

  /** Gives back characters taken for a string that its part then counted whole. */
  refund(characters: number): void {
    this.left += characters;
  }

  text(value: string): string {
    const length = escapedLength(value);
    if (length <= this.left) {
      this.left -= length;
      return value;
    }
    const marked = !this.truncated;
    this.truncated = true;
    if (!marked || this.left <= MARKER_ROOM) {
      this.left = 0;
      return '';
    }
    const kept = cutTo(value, this.left - MARKER_ROOM);
    this.left = MARKER_ROOM;
    const marker = `…[truncated: ${value.length - kept.length} characters not recorded]`;
    this.left -= escapedLength(marker);
    return `${kept}${marker}`;
  }
}

/** `toValue` of each item while the budget lasts; a value whose JSON does not fit ends the list. */
function within<Item, Value>(
  items: readonly Item[],
  budget: ContentBudget,
  toValue: (item: Item) => Value | undefined,
): Value[] {
  const values: Value[] = [];
  for (const item of items) {
    if (budget.spent) {
      budget.truncated = true;
      break;
    }
    const charged = budget.remaining();
    const value = toValue(item);
    if (value === undefined) continue;
    // The strings were charged as they were cut; the value is now charged whole, comma included.
    budget.refund(charged - budget.remaining());
    if (!budget.take(JSON.stringify(value).length + 1)) break;
    values.push(value);
  }
  return values;
}

/** The request's messages (`gen_ai.input.messages`), and `interlingua.content.truncated` when the bound cut them. */
export function inputContentAttributes(request: IrRequest): Attributes {
  const budget = new ContentBudget();
  const messages = within(request.messages, budget, (message) => ({
    role: budget.text(message.role),
    parts: within(message.content, budget, (part) => partOf(part, budget)),
  }));
  return contentAttributes('gen_ai.input.messages', messages, budget);
}

/** The answer's choices (`gen_ai.output.messages`), one message each with its finish reason. */
export function outputContentAttributes(response: IrResponse): Attributes {
  const budget = new ContentBudget();
  const messages = within(response.choices, budget, (choice) => ({
    role: 'assistant',
    parts: within(choice.content, budget, (part) => partOf(part, budget)),
    finish_reason: budget.text(choice.finishReason.raw ?? choice.finishReason.unified),
  }));
  return contentAttributes('gen_ai.output.messages', messages, budget);
}

function contentAttributes(name: string, messages: Message[], budget: ContentBudget): Attributes {
  const attributes: Attributes = { [name]: JSON.stringify(messages) };
  if (budget.truncated) attributes['interlingua.content.truncated'] = true;
  return attributes;
}

function partOf(part: IrContentPart, budget: ContentBudget): Part | undefined {
  const text = (value: string): string => budget.text(value);
  switch (part.type) {
    case 'text':
      return { type: 'text', content: text(part.text) };
    case 'refusal':
      return { type: 'refusal', content: text(part.text) };
    case 'reasoning':
      // Only visible reasoning: an opaque artefact (or a carrier) is never recorded.
      return part.text === '' ? undefined : { type: 'reasoning', content: text(part.text) };
    case 'tool-call':
      return { type: 'tool_call', id: text(part.id), name: text(part.name), arguments: text(part.argumentsJson) };
    case 'tool-result':
      return {
        type: 'tool_call_response',
        id: text(part.toolCallId),
        response: within(part.content, budget, (item) =>
          item.type === 'text' ? text(item.text) : fileOf(item, budget),
        ),
      };
    case 'file':
      return fileOf(part, budget);
    case 'web-search':
      return {
        type: 'server_tool_call',
        id: text(part.id),
        name: 'web_search',
        queries: within(part.queries, budget, text),
      };
  }
}

/**
 * A file by reference (`uri`, `file_data`), or an inline one as a `blob` without its bytes: a
 * `data:` URL, base64 or not, is inline too.
 */
function fileOf(part: IrFilePart, budget: ContentBudget): Part {
  const { source } = part;
  const inline = source.kind === 'url' ? dataUrl(source.url) : undefined;
  const mediaType = part.mediaType ?? inline?.mediaType;
  const described = { modality: modalityOf(mediaType), mime_type: mediaType ? budget.text(mediaType) : null };
  if (inline) return { type: 'blob', ...described, content: '', size: inline.size };
  if (source.kind === 'url') return { type: 'uri', ...described, uri: budget.text(source.url) };
  if (source.kind === 'file-id') return { type: 'file_data', ...described, file_id: budget.text(source.fileId) };
  return { type: 'blob', ...described, content: '', size: Math.floor((source.data.length * 3) / 4) };
}

/** A `data:` URL's media type and the size of its bytes (decoded from base64, or as written). */
function dataUrl(url: string): { mediaType?: string; size: number } | undefined {
  if (!/^data:/i.test(url)) return undefined;
  const comma = url.indexOf(',');
  const header = comma < 0 ? url.slice(5) : url.slice(5, comma);
  const data = comma < 0 ? '' : url.slice(comma + 1);
  const base64 = /;base64$/i.test(header);
  const mediaType = header.split(';', 1)[0] || undefined;
  return { mediaType, size: base64 ? Math.floor((data.length * 3) / 4) : data.length };
}

function modalityOf(mediaType: string | undefined): string {
  const kind = mediaType?.split('/', 1)[0];
  return kind === 'image' || kind === 'audio' || kind === 'video' ? kind : 'document';
}
