import type { IrRequest, IrWarning, Result } from '@interlingua/ir';
import { asRecord, promptCacheWarnings, withBreakpointAtEnd } from '@interlingua/ir-utils';
import type { BedrockConverseRequest } from './bedrock-converse-schema.js';
import type { BedrockModelContext } from './bedrock-model-family.js';
import { irMessagesToBedrock } from './ir-to-bedrock-converse-messages.js';
import {
  irInferenceConfigToBedrock,
  irModelFieldsToBedrock,
  irToolsToBedrock,
} from './ir-to-bedrock-converse-options.js';

/** The extensions namespace of the Converse wire. */
export const BEDROCK_CONVERSE_STYLE_ID = 'bedrock-converse';

/** Converse request fields the IR does not carry, kept by `bedrockConverseRequestToIr`. */
export function bedrockRequestExtensionFields(ir: IrRequest): Record<string, unknown> {
  return asRecord(asRecord(ir.extensions?.[BEDROCK_CONVERSE_STYLE_ID])?.fields) ?? {};
}

function warnUnmapped(ir: IrRequest, warnings: IrWarning[]): void {
  if (ir.responseFormat && ir.responseFormat.type !== 'text') {
    warnings.push({
      kind: 'dropped',
      field: 'responseFormat',
      message: 'Bedrock Converse has no response format; the model was not held to JSON',
    });
  }
  if (ir.candidateCount !== undefined && ir.candidateCount > 1)
    warnings.push({ kind: 'dropped', field: 'candidateCount', message: 'Bedrock Converse answers with one candidate' });
  if (ir.user !== undefined)
    warnings.push({ kind: 'dropped', field: 'user', message: 'Bedrock Converse has no end-user id field' });
  warnings.push(...promptCacheWarnings(ir.promptCache, { target: 'Bedrock Converse', automatic: true }));
}

/**
 * IR request -> Converse body (the model id and the stream choice go in the URL). Request
 * metadata becomes `requestMetadata`; fields kept from a Converse request come back as they were.
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html
 */
export function irToBedrockConverseRequest(
  ir: IrRequest,
  context: BedrockModelContext,
): Result<BedrockConverseRequest> {
  const warnings: IrWarning[] = [];
  const extra = bedrockRequestExtensionFields(ir);
  const automatic = ir.promptCache?.automatic;
  const { system, messages } = irMessagesToBedrock(
    automatic ? withBreakpointAtEnd(ir.messages, automatic) : ir.messages,
    context,
    warnings,
  );
  const body: BedrockConverseRequest = { ...extra, messages };
  if (system.length > 0) body.system = system;
  const modelFields = irModelFieldsToBedrock(ir, context, warnings);
  const inferenceConfig = irInferenceConfigToBedrock(ir, modelFields.maxTokens, warnings);
  if (inferenceConfig) body.inferenceConfig = inferenceConfig;
  const toolConfig = irToolsToBedrock(ir, messages, warnings);
  if (toolConfig) body.toolConfig = toolConfig;
  if (Object.keys(modelFields.fields).length > 0) {
    body.additionalModelRequestFields = { ...asRecord(extra.additionalModelRequestFields), ...modelFields.fields };
  }
  if (ir.metadata && Object.keys(ir.metadata).length > 0) body.requestMetadata = ir.metadata;
  warnUnmapped(ir, warnings);
  return { value: body, warnings };
}
