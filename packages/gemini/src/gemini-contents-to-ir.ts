import type { IrContentPart, IrMessage, IrRole, IrWarning } from '@interlingua/ir';
import { synthesizeRequestCallId } from './gemini-ids.js';
import type { GeminiPartContext } from './gemini-part-to-ir.js';
import { geminiPartToIr } from './gemini-part-to-ir.js';
import type { GeminiContent, GeminiPart } from './gemini-request-schema.js';

interface CallIdTracker {
  call(call: { id?: string | undefined; name: string }, turn: number, position: number): string;
  response(response: { id?: string | undefined; name: string }, turn: number, position: number): string;
}

/**
 * Ids for the calls of a conversation. A call without an id gets `call_<name>_<turn>_<part>`;
 * a response without an id takes the oldest unanswered call of the same name (Gemini pairs
 * results with calls by name, in order), else a synthesised id of its own.
 */
function createCallIdTracker(): CallIdTracker {
  const pending = new Map<string, string[]>();
  const queue = (name: string): string[] => {
    let ids = pending.get(name);
    if (!ids) pending.set(name, (ids = []));
    return ids;
  };
  return {
    call(call, turn, position) {
      const id = call.id ?? synthesizeRequestCallId(call.name, turn, position);
      queue(call.name).push(id);
      return id;
    },
    response(response, turn, position) {
      const ids = queue(response.name);
      if (response.id !== undefined) {
        const at = ids.indexOf(response.id);
        if (at !== -1) ids.splice(at, 1);
        return response.id;
      }
      return ids.shift() ?? synthesizeRequestCallId(response.name, turn, position);
    },
  };
}

/** `systemInstruction` -> a leading `system` message (its role, if any, is ignored). */
export function geminiSystemInstructionToIr(parts: GeminiPart[], warnings: IrWarning[]): IrMessage | undefined {
  const content: IrContentPart[] = [];
  parts.forEach((part, position) => {
    content.push(...geminiPartToIr(part, systemContext(`systemInstruction.parts[${position}]`, warnings)));
  });
  return content.length > 0 ? { role: 'system', content } : undefined;
}

function systemContext(path: string, warnings: IrWarning[]): GeminiPartContext {
  return {
    path,
    warnings,
    strict: true,
    callId: (call) => call.id ?? synthesizeRequestCallId(call.name, -1, 0),
    responseCallId: (response) => response.id ?? synthesizeRequestCallId(response.name, -1, 0),
  };
}

/**
 * `contents` -> IR messages. `model` turns are `assistant`; `functionResponse` parts leave their
 * user turn as `tool` messages (consecutive ones together), the other parts stay `user`
 * messages, order kept.
 */
export function geminiContentsToIr(contents: GeminiContent[], warnings: IrWarning[]): IrMessage[] {
  const ids = createCallIdTracker();
  const messages: IrMessage[] = [];
  contents.forEach((content, turn) => {
    const role: IrRole = content.role === 'model' ? 'assistant' : 'user';
    let current: IrMessage | undefined;
    content.parts.forEach((part, position) => {
      const context: GeminiPartContext = {
        path: `contents[${turn}].parts[${position}]`,
        warnings,
        strict: true,
        callId: (call) => ids.call(call, turn, position),
        responseCallId: (response) => ids.response(response, turn, position),
      };
      for (const irPart of geminiPartToIr(part, context)) {
        const messageRole: IrRole = irPart.type === 'tool-result' ? 'tool' : role;
        if (current?.role !== messageRole) {
          current = { role: messageRole, content: [] };
          messages.push(current);
        }
        current.content.push(irPart);
      }
    });
  });
  return messages;
}
