import type { IrRequest, StyleOnlyEntry } from '@interlingua/ir';
import { OPENAI_CHAT_STYLE_ID, type OpenAiChatRequestExtensions } from './openai-chat-extensions.js';

/**
 * The non-function tools of a decoded chat request (`custom`, vendor tools), which the IR cannot
 * express (`web_search_options` is carried as the IR's `webSearch`): kept in the request's extensions for a chat
 * upstream, lost on an upstream of any other style.
 */
export function openAiChatStyleOnlyEntries(ir: IrRequest): StyleOnlyEntry[] {
  const ext = (ir.extensions?.[OPENAI_CHAT_STYLE_ID] ?? {}) as OpenAiChatRequestExtensions;
  const tools = (ext.extraTools ?? []).map((tool) => {
    const type = typeof tool === 'object' && tool !== null && 'type' in tool ? tool.type : undefined;
    return { field: 'tools', type: typeof type === 'string' ? type : 'untyped' };
  });
  return tools;
}
