import { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { isStorageKey, storageKeyOf, type Storage } from './storage.js';

/**
 * `Storage` on any S3-compatible object store (AWS S3, MinIO, Ceph RGW, Cloudflare R2, …) through
 * the AWS SDK's S3 client (docs/deployment.md, "Files"): `put` is a HEAD then a PUT of the
 * content-addressed key, `stat` a HEAD, `read` a GET with the byte range passed through (a seek in
 * a recording reads those bytes only), `remove` a HEAD then a DELETE. Every server process on the
 * same bucket sees the same files, so a recording stored by one is played by another.
 *
 * The SDK is imported on first use: a server on the local disk (the default) never loads it.
 */
export interface S3Settings {
  bucket: string;
  /** Unset: AWS's own endpoint for the region. */
  endpoint?: string;
  region: string;
  /** MinIO and most self-hosted stores want `http://host/bucket/key` rather than `bucket.host`. */
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, a profile, a role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Prepended to every key (several installations in one bucket), e.g. `ondoku/`. */
  prefix: string;
}

/** An S3 error meaning "no such key" (HEAD answers a bare 404, GET NoSuchKey). */
const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

export function createS3Storage(settings: S3Settings): Storage & {
  client(): Promise<S3Client>;
  /** Throws unless the bucket exists and the keys may use it (a HEAD of the bucket; server.ts at start). */
  checkBucket(): Promise<void>;
} {
  let sdk: Promise<typeof S3> | null = null;
  let made: Promise<S3Client> | null = null;
  const load = () => (sdk ??= import('@aws-sdk/client-s3'));
  const client = () =>
    (made ??= load().then(
      (s) =>
        new s.S3Client({
          region: settings.region,
          endpoint: settings.endpoint,
          forcePathStyle: settings.forcePathStyle,
          credentials: settings.credentials,
          // Checksums only where S3 requires them: several S3-compatible stores refuse the
          // newer default trailing checksums (aws-chunked uploads) or answer without them.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }),
    ));
  const objectKey = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`Not a storage key: ${key}`);
    // The local disk's layout (`ab/abcdef….wav`), so DATA_DIR/files copies over as it is.
    return `${settings.prefix}${key.slice(0, 2)}/${key}`;
  };
  const Bucket = settings.bucket;

  async function head(key: string): Promise<{ size: number } | null> {
    const [s, c] = await Promise.all([load(), client()]);
    try {
      const out = await c.send(new s.HeadObjectCommand({ Bucket, Key: objectKey(key) }));
      return { size: out.ContentLength ?? 0 };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async function* body(key: string, range?: { start: number; end: number }) {
    const [s, c] = await Promise.all([load(), client()]);
    const out = await c.send(
      new s.GetObjectCommand({
        Bucket,
        Key: objectKey(key),
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    // Node's body is a Readable; leaving the loop early (the listener went away) destroys it.
    for await (const chunk of out.Body as Readable) yield chunk as Buffer;
  }

  return {
    kind: 's3',
    client,
    async checkBucket() {
      const [s, c] = await Promise.all([load(), client()]);
      await c.send(new s.HeadBucketCommand({ Bucket }));
    },
    async put(bytes, contentType) {
      const key = storageKeyOf(bytes, contentType);
      const size = bytes.byteLength;
      // Content-addressed: the same key holds the same bytes, so a second put is a HEAD only.
      if ((await head(key))?.size === size) return { key, contentType, size };
      const [s, c] = await Promise.all([load(), client()]);
      await c.send(
        new s.PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: size,
        }),
      );
      return { key, contentType, size };
    },
    async stat(key) {
      if (!isStorageKey(key)) return null;
      return head(key);
    },
    async exists(key) {
      return (await this.stat(key)) !== null;
    },
    read(key, range) {
      objectKey(key);
      return Readable.from(body(key, range), { objectMode: false });
    },
    async readAll(key) {
      const chunks: Buffer[] = [];
      for await (const chunk of body(key)) chunks.push(chunk);
      return Buffer.concat(chunks);
    },
    async remove(key) {
      if (!(await head(key))) return false;
      const [s, c] = await Promise.all([load(), client()]);
      await c.send(new s.DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
      return true;
    },
  };
}
