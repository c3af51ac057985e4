import {
  constants,
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  privateDecrypt,
} from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode, messages } from '@ondoku/contract';
import { AppError } from './app-error.js';

/**
 * The key pair with which passwords travel: the browser encrypts with RSA-OAEP (SHA-256) using
 * the public key; only this server can read them. Created at first start in DATA_DIR/keys, or
 * given by RSA_PRIVATE_KEY so that several server processes share it.
 */
export interface PasswordCipher {
  publicKeyPem: string;
  decrypt(base64: string): string;
  /** A secret derived from the private key for one purpose (e.g. signing tickets): every process sharing the key shares it. */
  deriveSecret(label: string): Buffer;
}

export async function loadPasswordCipher(opts: { dataDir: string; privateKeyPem?: string }): Promise<PasswordCipher> {
  const pem = opts.privateKeyPem ?? (await readOrCreate(path.join(opts.dataDir, 'keys')));
  const privateKey = createPrivateKey(pem);
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  const der = privateKey.export({ type: 'pkcs8', format: 'der' });
  return {
    publicKeyPem,
    deriveSecret: (label) => createHmac('sha256', der).update(label).digest(),
    decrypt(base64) {
      try {
        const buf = Buffer.from(base64, 'base64');
        return privateDecrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          buf,
        ).toString('utf8');
      } catch {
        throw new AppError(ErrorCode.PASSWORD_DECRYPT_FAILED, messages.passwordDecryptFailed);
      }
    },
  };
}

async function readOrCreate(dir: string): Promise<string> {
  const file = path.join(dir, 'password-transport.pem');
  try {
    return await fs.readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  // 'wx' so that two processes starting together cannot overwrite each other's key.
  try {
    await fs.writeFile(file, pem, { mode: 0o600, flag: 'wx' });
    return pem;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFile(file, 'utf8');
    throw e;
  }
}
