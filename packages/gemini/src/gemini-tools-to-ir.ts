import type { IrTool, IrToolChoice } from '@interlingua/ir';
import type { GeminiRequestExtensions } from './gemini-extensions.js';
import { extraFields } from './gemini-extensions.js';
import type { GeminiFunctionDeclaration, GeminiTool, GeminiToolConfig } from './gemini-request-schema.js';
import { openApiSchemaToJsonSchema } from './gemini-schema-dialect.js';
import { GEMINI_MODE_TO_IR_TOOL_CHOICE } from './map/gemini-function-calling-mode.js';

const DECLARATION_FIELDS = new Set(['name', 'description', 'parameters', 'parametersJsonSchema']);
const FUNCTION_CALLING_FIELDS = new Set(['mode', 'allowedFunctionNames']);

export interface GeminiToolsIr {
  tools?: IrTool[];
  toolChoice?: IrToolChoice;
  extensions: GeminiRequestExtensions;
}

/**
 * `tools` + `toolConfig` -> IR tools and tool choice. Function declarations become IR tools
 * (`parametersJsonSchema` as is, OpenAPI `parameters` converted to JSON Schema); built-in tools
 * (`googleSearch`, `codeExecution`, …) and fields without an IR slot go to extensions.
 */
export function geminiToolsToIr(
  tools: GeminiTool[] | undefined,
  toolConfig: GeminiToolConfig | undefined,
): GeminiToolsIr {
  const extensions: GeminiRequestExtensions = {};
  const irTools: IrTool[] = [];
  for (const tool of tools ?? []) {
    for (const declaration of tool.functionDeclarations ?? []) irTools.push(declarationToIr(declaration, extensions));
    const builtIn = extraFields(tool, new Set(['functionDeclarations']));
    if (builtIn) (extensions.tools ??= []).push(builtIn);
  }
  const result: GeminiToolsIr = { extensions };
  if (tools !== undefined) result.tools = irTools;
  const toolChoice = toolConfigToIr(toolConfig, extensions);
  if (toolChoice) result.toolChoice = toolChoice;
  return result;
}

function declarationToIr(declaration: GeminiFunctionDeclaration, extensions: GeminiRequestExtensions): IrTool {
  const tool: IrTool = { name: declaration.name };
  if (declaration.description !== undefined) tool.description = declaration.description;
  if (declaration.parametersJsonSchema) tool.parameters = declaration.parametersJsonSchema;
  else if (declaration.parameters) {
    tool.parameters = openApiSchemaToJsonSchema(declaration.parameters);
    (extensions.openApiParameters ??= []).push(declaration.name);
  }
  const extras = extraFields(declaration, DECLARATION_FIELDS);
  if (extras) (extensions.functionDeclarations ??= {})[declaration.name] = extras;
  return tool;
}

function toolConfigToIr(
  toolConfig: GeminiToolConfig | undefined,
  extensions: GeminiRequestExtensions,
): IrToolChoice | undefined {
  if (!toolConfig) return undefined;
  const config = toolConfig.functionCallingConfig;
  const configExtras = config ? extraFields(config, FUNCTION_CALLING_FIELDS) : undefined;
  const toolConfigExtras = extraFields(toolConfig, new Set(['functionCallingConfig']));
  if (toolConfigExtras || configExtras) {
    extensions.toolConfig = { ...toolConfigExtras, ...(configExtras ? { functionCallingConfig: configExtras } : {}) };
  }
  if (!config) return undefined;
  const allowed = config.allowedFunctionNames;
  const mode = config.mode === undefined ? undefined : GEMINI_MODE_TO_IR_TOOL_CHOICE[config.mode];
  if (config.mode === 'VALIDATED') extensions.functionCallingMode = 'VALIDATED';
  if (mode === 'required' && allowed?.length === 1 && allowed[0] !== undefined)
    return { type: 'tool', name: allowed[0] };
  if (allowed !== undefined && mode !== 'none') extensions.allowedFunctionNames = allowed;
  return mode === undefined ? undefined : { type: mode };
}
