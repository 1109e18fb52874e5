import type { SignatureV4 } from '@smithy/signature-v4';
import type { SignableRequest } from '../../transport/upstream-transport.js';
import type { AwsCredentials } from './bedrock-options.js';

/** The SigV4 signing name of the Bedrock Runtime API. */
export const BEDROCK_SIGNING_SERVICE = 'bedrock';

/** Headers the signer adds or needs on the wire. */
const SIGNED_HEADERS = ['authorization', 'host', 'x-amz-date', 'x-amz-security-token', 'x-amz-content-sha256'];

/** One signer per credentials and region: it caches derived signing keys. */
const signers = new Map<string, SignatureV4>();

/** The signer and its hash are loaded on the first Bedrock request, not when the adapters load. */
async function signerFor(credentials: AwsCredentials, region: string): Promise<SignatureV4> {
  const key = `${region}\u0000${credentials.accessKeyId}\u0000${credentials.secretAccessKey}\u0000${credentials.sessionToken ?? ''}`;
  let signer = signers.get(key);
  if (!signer) {
    const [{ SignatureV4: Signer }, { Sha256 }] = await Promise.all([
      import('@smithy/signature-v4'),
      import('@aws-crypto/sha256-js'),
    ]);
    if (signers.size >= 64) signers.clear();
    signer = new Signer({ service: BEDROCK_SIGNING_SERVICE, region, credentials, sha256: Sha256 });
    signers.set(key, signer);
  }
  return signer;
}

/**
 * Signs a Bedrock Runtime request with AWS Signature Version 4 (`@smithy/signature-v4`, the
 * signer of AWS's own SDKs) over its method, path, query, headers (`host` included) and body.
 * Returns the headers to send beside the request's own: `authorization`, `host`, `x-amz-date`,
 * `x-amz-content-sha256` and, with temporary credentials, `x-amz-security-token`.
 * @see https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html
 */
export async function signBedrockRequest(
  request: SignableRequest,
  credentials: AwsCredentials,
  region: string,
  signingDate?: Date,
): Promise<Record<string, string>> {
  const url = new URL(request.url);
  const query: Record<string, string> = {};
  url.searchParams.forEach((value, name) => {
    query[name] = value;
  });
  const signed = await (
    await signerFor(credentials, region)
  ).sign(
    {
      method: request.method,
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port ? { port: Number(url.port) } : {}),
      path: url.pathname,
      query,
      headers: { ...request.headers, host: url.host },
      body: request.body,
    },
    signingDate ? { signingDate } : {},
  );
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(signed.headers)) {
    if (SIGNED_HEADERS.includes(name.toLowerCase()) && typeof value === 'string') out[name.toLowerCase()] = value;
  }
  return out;
}
