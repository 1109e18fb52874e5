import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';

/** What the AWS side of a loopback Bedrock sees of a request. */
export interface ReceivedAwsRequest {
  method: string;
  /** Path and query as received (percent-encoding untouched). */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface AwsTestCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** An AWS error answer: status, `x-amzn-errortype` and the `{message}` body. */
export interface AwsErrorAnswer {
  status: number;
  type: string;
  message: string;
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/;

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

function signingDate(amzDate: string): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  return match
    ? new Date(
        Date.UTC(
          Number(match[1]),
          Number(match[2]) - 1,
          Number(match[3]),
          Number(match[4]),
          Number(match[5]),
          Number(match[6]),
        ),
      )
    : undefined;
}

const mismatch = (): AwsErrorAnswer => ({
  status: 403,
  type: 'InvalidSignatureException',
  message:
    'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
});

/**
 * Checks a request's SigV4 signature the way AWS does, recomputing it with `@smithy/signature-v4`
 * from what was received (the signed headers named in `Authorization`, the raw path, the body
 * hash) and the test credentials. Returns undefined for a valid signature, else the error AWS
 * would answer. Test support for loopback Bedrock upstreams.
 * @see https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html
 */
export async function verifyAwsSigV4(
  received: ReceivedAwsRequest,
  credentials: AwsTestCredentials,
  region: string,
  service: string,
): Promise<AwsErrorAnswer | undefined> {
  const match = AUTHORIZATION.exec(header(received.headers, 'authorization') ?? '');
  if (!match)
    return { status: 403, type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' };
  const [, accessKeyId, day, scopeRegion, scopeService, signedHeaders] = match;
  if (accessKeyId !== credentials.accessKeyId)
    return {
      status: 403,
      type: 'UnrecognizedClientException',
      message: 'The security token included in the request is invalid.',
    };
  const amzDate = header(received.headers, 'x-amz-date') ?? '';
  const date = signingDate(amzDate);
  if (!date || !amzDate.startsWith(day ?? '') || scopeRegion !== region || scopeService !== service) return mismatch();
  if (Math.abs(Date.now() - date.getTime()) > 15 * 60_000)
    return { status: 403, type: 'InvalidSignatureException', message: 'Signature expired' };
  const bodyHash = createHash('sha256').update(received.body).digest('hex');
  if (
    header(received.headers, 'x-amz-content-sha256') !== undefined &&
    header(received.headers, 'x-amz-content-sha256') !== bodyHash
  )
    return mismatch();
  const names = (signedHeaders ?? '').split(';');
  if (!names.includes('host') || !names.includes('x-amz-date')) return mismatch();
  const headers = Object.fromEntries(names.map((name) => [name, header(received.headers, name) ?? '']));
  const url = new URL(received.url, `http://${header(received.headers, 'host') ?? 'localhost'}`);
  const query: Record<string, string> = {};
  url.searchParams.forEach((value, name) => (query[name] = value));
  const signer = new SignatureV4({ service, region, credentials, sha256: Sha256 });
  const signed = await signer.sign(
    {
      method: received.method,
      protocol: 'https:',
      hostname: url.hostname,
      path: url.pathname,
      query,
      headers,
      body: received.body,
    },
    { signingDate: date },
  );
  return signed.headers.authorization === header(received.headers, 'authorization') ? undefined : mismatch();
}
