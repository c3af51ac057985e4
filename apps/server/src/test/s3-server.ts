import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../lib/s3-storage.js';

/**
 * A real S3-protocol server for tests (s3rver: the S3 REST API over HTTP on the loopback, objects
 * in a temporary folder; docs/architecture.md, "Libraries"), with one empty bucket. It checks
 * request signatures against its fixed key pair, so the client's signing is exercised too.
 */
export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3Server(bucket = 'ondoku-test') {
  // The SDK's notice that its 2027 releases want Node 22 says nothing about a test run.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'ondoku-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = {
    bucket,
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3RVER_KEYS,
    prefix: '',
  };
  return {
    endpoint,
    settings,
    /** The environment of a server process on this bucket (config.ts). */
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
