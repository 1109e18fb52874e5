import { IrError } from '@interlingua/ir';
import * as z from 'zod';
import type { ProviderSettings } from '../../provider-adapter.js';

/** The `options` a `bedrock` provider reads (other keys, like `tls`, are left alone). */
export const bedrockOptionsSchema = z
  .looseObject({
    /** AWS region (`us-east-1`); else `AWS_REGION` / `AWS_DEFAULT_REGION`, else the one in `baseUrl`. */
    region: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .optional(),
    accessKeyId: z.string().min(1).optional(),
    secretAccessKey: z.string().min(1).optional(),
    sessionToken: z.string().min(1).optional(),
    /** Treat every model of this provider as Claude (application inference profile ARNs do not say). */
    anthropic: z.boolean().optional(),
  })
  .refine((options) => (options.accessKeyId === undefined) === (options.secretAccessKey === undefined), {
    message: 'accessKeyId and secretAccessKey go together',
    path: ['secretAccessKey'],
  });

export type BedrockOptions = z.infer<typeof bedrockOptionsSchema>;

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** How calls are authorized: a Bedrock API key (bearer) or SigV4 with access keys. */
export type BedrockAuth = { kind: 'bearer'; token: string } | { kind: 'sigv4'; credentials: AwsCredentials };

const cache = new WeakMap<ProviderSettings, BedrockOptions>();

function configError(settings: ProviderSettings, message: string): IrError {
  return new IrError({ kind: 'internal', message: `providers.${settings.id}.${message}`, source: 'gateway' });
}

/** The provider's Bedrock options, validated once per settings object. Throws IrError `internal` when invalid. */
export function bedrockOptions(settings: ProviderSettings): BedrockOptions {
  const cached = cache.get(settings);
  if (cached) return cached;
  const parsed = bedrockOptionsSchema.safeParse(settings.options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw configError(settings, `${['options', ...(issue?.path ?? [])].join('.')}: ${issue?.message ?? 'invalid'}`);
  }
  cache.set(settings, parsed.data);
  return parsed.data;
}

/**
 * The region calls are signed for and sent to: `options.region`, else `AWS_REGION` /
 * `AWS_DEFAULT_REGION`, else the one in a `bedrock-runtime.<region>.amazonaws.com` base URL.
 */
export function bedrockRegion(settings: ProviderSettings, env: NodeJS.ProcessEnv = process.env): string {
  const fromUrl = /bedrock-runtime(?:-fips)?\.([a-z0-9-]+)\.amazonaws\.com/.exec(settings.baseUrl)?.[1];
  const region = bedrockOptions(settings).region ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? fromUrl;
  if (!region) throw configError(settings, 'options.region: no AWS region (set options.region or AWS_REGION)');
  return region;
}

/**
 * The credentials of a call, in this order: the provider's `apiKey` (a Bedrock API key, sent as a
 * bearer token); `options.accessKeyId` / `secretAccessKey` / `sessionToken`; the
 * `AWS_BEARER_TOKEN_BEDROCK` environment variable; `AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY` /
 * `AWS_SESSION_TOKEN`. The environment is read on every call, so rotated keys are picked up.
 * @see https://docs.aws.amazon.com/bedrock/latest/userguide/api-keys-use.html
 * @see https://docs.aws.amazon.com/sdkref/latest/guide/feature-static-credentials.html
 */
export function bedrockAuth(settings: ProviderSettings, env: NodeJS.ProcessEnv = process.env): BedrockAuth {
  if (settings.apiKey) return { kind: 'bearer', token: settings.apiKey };
  const options = bedrockOptions(settings);
  if (options.accessKeyId && options.secretAccessKey) {
    return {
      kind: 'sigv4',
      credentials: {
        accessKeyId: options.accessKeyId,
        secretAccessKey: options.secretAccessKey,
        ...(options.sessionToken ? { sessionToken: options.sessionToken } : {}),
      },
    };
  }
  if (env.AWS_BEARER_TOKEN_BEDROCK) return { kind: 'bearer', token: env.AWS_BEARER_TOKEN_BEDROCK };
  if (env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY) {
    return {
      kind: 'sigv4',
      credentials: {
        accessKeyId: env.AWS_ACCESS_KEY_ID,
        secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
        ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
      },
    };
  }
  throw configError(
    settings,
    'options: no AWS credentials (set apiKey to a Bedrock API key, options.accessKeyId and options.secretAccessKey, or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)',
  );
}

/** The base URL with `{region}` filled in (`https://bedrock-runtime.{region}.amazonaws.com` is the default). */
export function bedrockBaseUrl(settings: ProviderSettings): string {
  return settings.baseUrl.includes('{region}')
    ? settings.baseUrl.replaceAll('{region}', bedrockRegion(settings))
    : settings.baseUrl;
}
