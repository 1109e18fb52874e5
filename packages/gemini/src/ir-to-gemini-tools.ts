import type { IrRequest, IrTool, IrToolChoice, IrWarning } from '@interlingua/ir';
import { asRecord } from '@interlingua/ir-utils';
import type { GeminiRequestExtensions } from './gemini-extensions.js';
import type {
  GeminiFunctionCallingMode,
  GeminiFunctionDeclaration,
  GeminiTool,
  GeminiToolConfig,
} from './gemini-request-schema.js';
import { jsonSchemaToOpenApiSchema } from './gemini-schema-dialect.js';
import { IR_TOOL_CHOICE_TO_GEMINI_MODE } from './map/gemini-function-calling-mode.js';

export interface GeminiToolsOutput {
  tools?: GeminiTool[];
  toolConfig?: GeminiToolConfig;
}

/**
 * IR tools and tool choice -> `tools` + `toolConfig`. Schemas go as `parametersJsonSchema`
 * (full JSON Schema, no cleaning needed) unless the Gemini caller used OpenAPI `parameters`.
 * Built-in tools kept in extensions follow the function declarations.
 */
export function irToolsToGemini(
  ir: IrRequest,
  extensions: GeminiRequestExtensions,
  warnings: IrWarning[],
): GeminiToolsOutput {
  const output: GeminiToolsOutput = {};
  const declarations = (ir.tools ?? []).map((tool, i) =>
    declarationToGemini(tool, `tools[${i}]`, extensions, warnings),
  );
  const tools: GeminiTool[] = declarations.length > 0 ? [{ functionDeclarations: declarations }] : [];
  tools.push(...(extensions.tools ?? []));
  // A web search the caller asked for in another style: Gemini's own Google Search grounding.
  if (ir.webSearch && !tools.some((tool) => 'googleSearch' in tool || 'googleSearchRetrieval' in tool)) {
    tools.push({ googleSearch: {} });
    if (ir.webSearch.allowedDomains || ir.webSearch.blockedDomains || ir.webSearch.maxUses !== undefined)
      warnings.push({
        kind: 'dropped',
        field: 'webSearch',
        message: 'Gemini Google Search takes no domain lists nor search limit; they were not sent',
      });
  }
  if (tools.length > 0) output.tools = tools;
  const toolConfig = toolConfigToGemini(ir.toolChoice, extensions);
  if (toolConfig) output.toolConfig = toolConfig;
  if (ir.parallelToolCalls === false) {
    warnings.push({
      kind: 'dropped',
      field: 'parallelToolCalls',
      message: 'Gemini cannot limit a turn to one function call',
    });
  }
  return output;
}

function declarationToGemini(
  tool: IrTool,
  path: string,
  extensions: GeminiRequestExtensions,
  warnings: IrWarning[],
): GeminiFunctionDeclaration {
  const declaration: GeminiFunctionDeclaration = { name: tool.name };
  if (tool.description !== undefined) declaration.description = tool.description;
  if (tool.parameters) {
    if (extensions.openApiParameters?.includes(tool.name))
      declaration.parameters = jsonSchemaToOpenApiSchema(tool.parameters);
    else declaration.parametersJsonSchema = tool.parameters;
  }
  if (tool.strict === true)
    warnings.push({
      kind: 'dropped',
      field: `${path}.strict`,
      message: 'Gemini has no strict mode for function declarations',
    });
  return { ...declaration, ...extensions.functionDeclarations?.[tool.name] };
}

function toolConfigToGemini(
  choice: IrToolChoice | undefined,
  extensions: GeminiRequestExtensions,
): GeminiToolConfig | undefined {
  const { functionCallingConfig: configExtras, ...toolConfigExtras } = extensions.toolConfig ?? {};
  const config: Record<string, unknown> = { ...asRecord(configExtras) };
  if (choice) {
    let mode: GeminiFunctionCallingMode = IR_TOOL_CHOICE_TO_GEMINI_MODE[choice.type];
    if (mode === 'AUTO' && extensions.functionCallingMode === 'VALIDATED') mode = 'VALIDATED';
    config.mode = mode;
  }
  if (choice?.type === 'tool') config.allowedFunctionNames = [choice.name];
  else if (extensions.allowedFunctionNames && choice?.type !== 'none')
    config.allowedFunctionNames = extensions.allowedFunctionNames;
  const hasConfig = Object.keys(config).length > 0;
  if (!hasConfig && Object.keys(toolConfigExtras).length === 0) return undefined;
  return hasConfig ? { ...toolConfigExtras, functionCallingConfig: config } : { ...toolConfigExtras };
}
