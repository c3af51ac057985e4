import path from 'node:path';
import { createS3Storage, type S3Settings } from './s3-storage.js';
import { createLocalStorage, type Storage } from './storage.js';

/**
 * The configured storage: STORAGE=local (the default) keeps files in DATA_DIR/files; STORAGE=s3
 * in the bucket of `s3` (config.ts reads S3_*; docs/deployment.md, "Files").
 */
export function storageFromConfig(config: { dataDir: string; storage?: string; s3?: S3Settings }): Storage {
  const kind = config.storage ?? 'local';
  if (kind === 'local') return createLocalStorage(path.join(config.dataDir, 'files'));
  if (kind === 's3') {
    if (!config.s3) throw new Error('STORAGE=s3 needs S3_BUCKET (and S3_ENDPOINT for a store other than AWS)');
    return createS3Storage(config.s3);
  }
  throw new Error(`STORAGE must be "local" or "s3", got "${kind}"`);
}
