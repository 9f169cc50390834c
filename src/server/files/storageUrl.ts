/** Where an S3-compatible bucket is and how to reach it, read from STORAGE_URL. */
export interface S3Location {
  /** `https://host[:port]` (or `http://` with `tls=false`). */
  endpoint: string;
  bucket: string;
  region: string;
  /** Bucket in the path (`host/bucket/key`), as MinIO and most local servers need; else in the host name. */
  forcePathStyle: boolean;
  /** From the URL's user part; absent: the AWS SDK's usual sources (AWS_ACCESS_KEY_ID..., instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const FORM = 's3://KEY:SECRET@host[:port]/bucket[?region=…&forcePathStyle=true&tls=false]';

const bool = (name: string, v: string | null, fallback: boolean): boolean => {
  if (v === null || v === '') return fallback;
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw new Error(`STORAGE_URL's ${name} must be true or false, not "${v}"`);
};

/**
 * Reads STORAGE_URL (`s3://KEY:SECRET@host:port/bucket?region=…&forcePathStyle=true&tls=false`). Errors
 * name what is wrong and never repeat the secret.
 */
export function parseStorageUrl(raw: string): S3Location {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`STORAGE_URL is not a URL: write it as ${FORM}`);
  }
  if (url.protocol !== 's3:') throw new Error(`STORAGE_URL must start with s3:// (${FORM})`);
  if (!url.hostname) throw new Error(`STORAGE_URL names no host: write it as ${FORM}`);
  const bucket = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
  // S3's bucket naming rules: 3 to 63 lower-case letters, digits, dots and hyphens.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new Error(`STORAGE_URL must name one bucket after the host (3 to 63 lower-case letters, digits, dots or hyphens): ${FORM}`);
  }
  const known = new Set(['region', 'forcePathStyle', 'tls']);
  for (const key of url.searchParams.keys()) if (!known.has(key)) throw new Error(`STORAGE_URL has an unknown setting "${key}"`);
  const tls = bool('tls', url.searchParams.get('tls'), true);
  const location: S3Location = {
    endpoint: `${tls ? 'https' : 'http'}://${url.host}`,
    bucket,
    region: url.searchParams.get('region') || 'us-east-1',
    forcePathStyle: bool('forcePathStyle', url.searchParams.get('forcePathStyle'), false),
  };
  if (url.username || url.password) {
    if (!url.username || !url.password) throw new Error(`STORAGE_URL needs both KEY and SECRET, or neither: ${FORM}`);
    location.credentials = { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) };
  }
  return location;
}

/** The location as it may be printed: no credentials. */
export const describeLocation = (l: S3Location): string => `bucket ${l.bucket} at ${l.endpoint}`;
