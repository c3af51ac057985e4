import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../lib/s3-storage.js';

/**
 * A real S3-protocol server for tests (s3rver: the S3 REST API over HTTP on the loopback, objects
 * in a temporary folder; docs/architecture.md, "Libraries"), with one empty bucket. It takes the
 * SDK's signed requests as they are but does not check the signatures (any key pair passes).
 *
 * Clients reach it through a small pass-through in front, which a test can tell to hold the next
 * upload of a content type (`holdPuts`): the uploader is then caught in the middle of its work, as
 * an export that has made its file and not yet stored it.
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

  let hold: { contentType: string; arrived: () => void } | null = null;
  const held: http.ServerResponse[] = [];
  const front = http.createServer((req, res) => {
    if (hold && req.method === 'PUT' && req.headers['content-type'] === hold.contentType) {
      hold.arrived();
      hold = null;
      held.push(res);
      return;
    }
    const upstream = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;

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
    /** Holds the next PUT of `contentType` unanswered; resolves when it has arrived. */
    holdPuts(contentType: string) {
      return new Promise<void>((arrived) => (hold = { contentType, arrived }));
    },
    /** Drops the held uploads (their uploader is gone) and holds no more. */
    dropHeld() {
      hold = null;
      for (const res of held.splice(0)) res.destroy();
    },
    async close() {
      for (const res of held.splice(0)) res.destroy();
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
