import type { IrRequest, IrWarning, Result } from '@interlingua/ir';
import { invalidRequest } from '@interlingua/ir';
import { promptCacheWarnings } from '@interlingua/ir-utils';
import { readGeminiRequestExtensions } from './gemini-extensions.js';
import type { GeminiRequest } from './gemini-request-schema.js';
import { irMessagesToGemini } from './ir-to-gemini-contents.js';
import { irGenerationConfigToGemini } from './ir-to-gemini-generation-config.js';
import { irToolsToGemini } from './ir-to-gemini-tools.js';
import { usesGeminiThinkingLevel } from './map/gemini-thinking.js';

/**
 * IR request -> `GenerateContentRequest` body. The model and the stream flag are not in the
 * body (they go in the URL). Fields kept in `extensions.gemini` by `geminiRequestToIr` come back.
 */
export function irToGeminiRequest(ir: IrRequest): Result<GeminiRequest> {
  const warnings: IrWarning[] = [];
  const extensions = readGeminiRequestExtensions(ir.extensions);
  const gemini3 = usesGeminiThinkingLevel(ir.model);
  const { systemInstruction, contents } = irMessagesToGemini(
    ir.messages,
    { sendIds: extensions.functionCallIds === true, gemini3 },
    warnings,
  );
  if (contents.length === 0)
    throw invalidRequest('messages: Gemini needs at least one user or assistant turn with content', 'messages');
  const body: GeminiRequest = { ...extensions.fields, contents };
  if (systemInstruction) {
    body.systemInstruction = extensions.systemInstructionRole
      ? { role: extensions.systemInstructionRole, ...systemInstruction }
      : systemInstruction;
  }
  const { tools, toolConfig } = irToolsToGemini(ir, extensions, warnings);
  if (tools) body.tools = tools;
  if (toolConfig) body.toolConfig = toolConfig;
  const generationConfig = irGenerationConfigToGemini(ir, extensions, warnings);
  if (generationConfig) body.generationConfig = generationConfig;
  if (ir.promptCache?.cachedContent !== undefined) body.cachedContent = ir.promptCache.cachedContent;
  warnUnmapped(ir, warnings);
  return { value: body, warnings };
}

function warnUnmapped(ir: IrRequest, warnings: IrWarning[]): void {
  if (ir.user !== undefined)
    warnings.push({ kind: 'dropped', field: 'user', message: 'Gemini has no end-user id field' });
  if (ir.metadata !== undefined)
    warnings.push({ kind: 'dropped', field: 'metadata', message: 'Gemini has no request metadata field' });
  const cached =
    (ir.tools ?? []).some((tool) => tool.cacheControl) ||
    ir.messages.some((message) =>
      message.content.some((part) => 'cacheControl' in part && part.cacheControl !== undefined),
    );
  if (cached)
    warnings.push({
      kind: 'dropped',
      field: 'cacheControl',
      message: 'Gemini has no prompt-cache breakpoints (it caches through cachedContent resources)',
    });
  warnings.push(...promptCacheWarnings(ir.promptCache, { target: 'Gemini', cachedContent: true }));
}
