// AWS Signature Version 4 as S3 checks it (header form: `Authorization: AWS4-HMAC-SHA256 …`), so the stand-in refuses
// what S3 would refuse and the real client's signing is exercised on every local request.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export interface SigV4Request {
  method: string;
  /** The request target exactly as sent (path and query string). */
  rawUrl: string;
  headers: IncomingHttpHeaders;
  /** The body's bytes (empty for GET, HEAD, DELETE). */
  body: Buffer;
}

export interface SigV4Keys {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export type SigV4Outcome = { ok: true } | { ok: false; status: 400 | 403 | 501; code: string; message: string };

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as SigV4 canonicalises query names and values. */
const uriEncode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value.replace(/\+/g, '%20'));
  } catch {
    return value;
  }
};

function canonicalQuery(query: string): string {
  if (!query) return '';
  return query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      const name = at < 0 ? pair : pair.slice(0, at);
      const value = at < 0 ? '' : pair.slice(at + 1);
      return [uriEncode(safeDecode(name)), uriEncode(safeDecode(value))] as const;
    })
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

const headerValue = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value.join(',') : value).trim().replace(/\s+/g, ' ');
};

const AUTH_PATTERN =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/([^/,\s]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

/** How far a request's X-Amz-Date may be from the stand-in's clock (S3's own limit). */
const MAX_SKEW_MS = 15 * 60 * 1000;

export function verifySigV4(request: SigV4Request, keys: SigV4Keys, now = new Date()): SigV4Outcome {
  const authorization = headerValue(request.headers, 'authorization');
  if (!authorization) return { ok: false, status: 403, code: 'AccessDenied', message: 'Access Denied' };
  if (request.rawUrl.includes('X-Amz-Signature='))
    return { ok: false, status: 501, code: 'NotImplemented', message: 'Presigned URLs are not implemented by the local stand-in' };
  const match = AUTH_PATTERN.exec(authorization);
  if (!match) return { ok: false, status: 400, code: 'AuthorizationHeaderMalformed', message: 'The authorization header is malformed' };
  const [, accessKeyId = '', date = '', region = '', service = '', signedHeaderList = '', signature = ''] = match;
  if (accessKeyId !== keys.accessKeyId)
    return {
      ok: false,
      status: 403,
      code: 'InvalidAccessKeyId',
      message: 'The AWS Access Key Id you provided does not exist in our records.',
    };
  if (region !== keys.region || service !== 's3')
    return {
      ok: false,
      status: 400,
      code: 'AuthorizationHeaderMalformed',
      message: `The authorization header is malformed; the region '${region}' is wrong; expecting '${keys.region}'`,
    };
  const amzDate = headerValue(request.headers, 'x-amz-date') ?? '';
  const stamp = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!stamp || !amzDate.startsWith(date))
    return { ok: false, status: 403, code: 'AccessDenied', message: 'AWS authentication requires a valid Date or x-amz-date header' };
  const signedAt = Date.UTC(+stamp[1]!, +stamp[2]! - 1, +stamp[3]!, +stamp[4]!, +stamp[5]!, +stamp[6]!);
  if (Math.abs(now.getTime() - signedAt) > MAX_SKEW_MS)
    return {
      ok: false,
      status: 403,
      code: 'RequestTimeTooSkewed',
      message: "The difference between the request time and the server's time is too large.",
    };

  const signedHeaders = signedHeaderList.split(';');
  if (!signedHeaders.includes('host'))
    return { ok: false, status: 400, code: 'AuthorizationHeaderMalformed', message: 'The host header must be signed' };
  const payloadHash = headerValue(request.headers, 'x-amz-content-sha256');
  if (!payloadHash)
    return { ok: false, status: 400, code: 'InvalidRequest', message: 'Missing required header for this request: x-amz-content-sha256' };
  if (payloadHash.startsWith('STREAMING-'))
    return {
      ok: false,
      status: 501,
      code: 'NotImplemented',
      message: 'Chunked (streaming) uploads are not implemented by the local stand-in',
    };
  // S3 checks the declared hash against the body it received: a body changed on the way is refused.
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(request.body))
    return {
      ok: false,
      status: 400,
      code: 'XAmzContentSHA256Mismatch',
      message: "The provided 'x-amz-content-sha256' header does not match what was computed.",
    };

  const at = request.rawUrl.indexOf('?');
  const path = at < 0 ? request.rawUrl : request.rawUrl.slice(0, at);
  const query = at < 0 ? '' : request.rawUrl.slice(at + 1);
  const canonicalHeaders = signedHeaders.map((name) => `${name}:${headerValue(request.headers, name) ?? ''}\n`).join('');
  const canonicalRequest = [request.method, path, canonicalQuery(query), canonicalHeaders, signedHeaderList, payloadHash].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${keys.secretAccessKey}`, date), region), service), 'aws4_request');
  const expected = hmac(signingKey, stringToSign);
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return {
      ok: false,
      status: 403,
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    };
  return { ok: true };
}
