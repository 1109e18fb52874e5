import { IrError } from '@interlingua/ir';
import { safeJsonParse } from '@interlingua/ir-utils';
import * as z from 'zod';
import type { ProviderSettings } from '../../provider-adapter.js';

/** The fields of a service-account key file the gateway uses. @see https://cloud.google.com/iam/docs/keys-create-delete */
export const vertexServiceAccountKeySchema = z.looseObject({
  type: z.literal('service_account').optional(),
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  private_key_id: z.string().optional(),
  project_id: z.string().optional(),
  /** The OAuth token endpoint (`https://oauth2.googleapis.com/token`; private endpoints differ). */
  token_uri: z.url().optional(),
});

export type VertexServiceAccountKey = z.infer<typeof vertexServiceAccountKeySchema>;

/** The `options` a `vertex` provider reads (other keys, like `tls`, are left alone). */
export const vertexOptionsSchema = z.looseObject({
  /** Google Cloud project id; else the key's `project_id`, else `GOOGLE_CLOUD_PROJECT`. */
  project: z.string().min(1).optional(),
  /** Region (`us-central1`, `europe-west4`) or `global`; else `GOOGLE_CLOUD_LOCATION`, else `us-central1`. */
  location: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .optional(),
  /** Force the publisher instead of choosing it by model id (`claude-…` -> `anthropic`, else `google`). */
  publisher: z.enum(['google', 'anthropic']).optional(),
  /** A service-account key: its JSON text (usually `${ENV}`) or the parsed object. */
  serviceAccountKey: z.union([z.string().min(1), z.record(z.string(), z.unknown())]).optional(),
  /** A ready OAuth access token (the caller refreshes it). */
  accessToken: z.string().min(1).optional(),
  /** The Vertex AI API version in the path. */
  apiVersion: z.enum(['v1', 'v1beta1']).optional(),
});

export type VertexOptions = z.infer<typeof vertexOptionsSchema>;

/** Resolved options: the key parsed, the location and API version defaulted. */
export interface VertexConfig {
  project?: string;
  location: string;
  publisher?: 'google' | 'anthropic';
  serviceAccountKey?: VertexServiceAccountKey;
  accessToken?: string;
  apiVersion: 'v1' | 'v1beta1';
}

const cache = new WeakMap<ProviderSettings, VertexConfig>();

function configError(settings: ProviderSettings, message: string): IrError {
  return new IrError({ kind: 'internal', message: `providers.${settings.id}.options.${message}`, source: 'gateway' });
}

function parseKey(settings: ProviderSettings, value: string | Record<string, unknown>): VertexServiceAccountKey {
  const json = typeof value === 'string' ? safeJsonParse(value) : { ok: true as const, value };
  if (!json.ok) throw configError(settings, `serviceAccountKey: not JSON (${json.error})`);
  const parsed = vertexServiceAccountKeySchema.safeParse(json.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw configError(settings, `serviceAccountKey.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/**
 * The provider's Vertex configuration, validated once per settings object. Throws IrError
 * `internal` naming the bad option.
 */
export function vertexConfig(settings: ProviderSettings, env: NodeJS.ProcessEnv = process.env): VertexConfig {
  const cached = cache.get(settings);
  if (cached) return cached;
  const parsed = vertexOptionsSchema.safeParse(settings.options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw configError(settings, `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
  }
  const options = parsed.data;
  const key = options.serviceAccountKey === undefined ? undefined : parseKey(settings, options.serviceAccountKey);
  const project = options.project ?? key?.project_id ?? env.GOOGLE_CLOUD_PROJECT;
  const config: VertexConfig = {
    location: options.location ?? env.GOOGLE_CLOUD_LOCATION ?? 'us-central1',
    apiVersion: options.apiVersion ?? 'v1',
    ...(project ? { project } : {}),
    ...(options.publisher ? { publisher: options.publisher } : {}),
    ...(key ? { serviceAccountKey: key } : {}),
    ...(options.accessToken ? { accessToken: options.accessToken } : {}),
  };
  cache.set(settings, config);
  return config;
}

/**
 * Who publishes a model on Vertex: the `publisher` option, else `anthropic` for `claude-…` ids
 * and `google` for the rest.
 * @see https://cloud.google.com/vertex-ai/generative-ai/docs/partner-models/claude
 */
export function vertexPublisher(settings: ProviderSettings, model: string | undefined): 'google' | 'anthropic' {
  return vertexConfig(settings).publisher ?? (model?.startsWith('claude-') ? 'anthropic' : 'google');
}
