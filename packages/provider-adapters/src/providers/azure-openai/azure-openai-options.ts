import { IrError } from '@interlingua/ir';
import * as z from 'zod';
import type { ProviderSettings } from '../../provider-adapter.js';

/**
 * The data-plane `api-version` used for deployment URLs when the config gives none: the
 * latest GA dated version. `v1` selects the version-less v1 API instead.
 * @see https://learn.microsoft.com/en-us/azure/ai-foundry/openai/api-version-lifecycle
 */
export const AZURE_OPENAI_API_VERSION = '2024-10-21';

/** The `options` an `azure-openai` provider reads (other keys, like `tls`, are left alone). */
export const azureOpenAiOptionsSchema = z.looseObject({
  /** A dated `api-version` (`2024-10-21`, `2025-04-01-preview`) or `v1`. */
  apiVersion: z.string().min(1).optional(),
  /** A Microsoft Entra ID access token, sent as `Authorization: Bearer` instead of `api-key`. */
  entraToken: z.string().min(1).optional(),
  /** Model name -> deployment name; unlisted models use their name as the deployment. */
  deployments: z.record(z.string(), z.string().min(1)).optional(),
});

export type AzureOpenAiOptions = z.infer<typeof azureOpenAiOptionsSchema>;

const cache = new WeakMap<ProviderSettings, AzureOpenAiOptions>();

/** The provider's Azure options, validated once per settings object. Throws IrError `internal` when invalid. */
export function azureOpenAiOptions(settings: ProviderSettings): AzureOpenAiOptions {
  const cached = cache.get(settings);
  if (cached) return cached;
  const parsed = azureOpenAiOptionsSchema.safeParse(settings.options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = ['options', ...(issue?.path ?? [])].join('.');
    throw new IrError({
      kind: 'internal',
      message: `providers.${settings.id}.${path}: ${issue?.message ?? 'invalid'}`,
      source: 'gateway',
    });
  }
  cache.set(settings, parsed.data);
  return parsed.data;
}

/** The deployment serving `model`: `options.deployments[model]`, else the model name itself. */
export function azureOpenAiDeployment(model: string, settings: ProviderSettings): string {
  const deployments = azureOpenAiOptions(settings).deployments;
  return deployments && Object.hasOwn(deployments, model) ? (deployments[model] ?? model) : model;
}
