import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Reversible encryption for the few secrets that must be shown again: the initial passwords of
 * students, printed on login cards until the student sets their own. AES-256-GCM with a random
 * 96-bit nonce per value; the key comes from STUDENT_PASSWORD_KEY (base64, 32 bytes; set it when
 * running several processes) or is created once in DATA_DIR/keys, like the RSA transport key.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const VERSION = 'v1';

export function secretBoxFromKey(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('STUDENT_PASSWORD_KEY must be 32 bytes (base64)');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed) {
      const [version, data] = sealed.split(':');
      if (version !== VERSION || !data) throw new Error('unknown sealed format');
      const raw = Buffer.from(data, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

export async function loadSecretBox(opts: { dataDir: string; keyBase64?: string }): Promise<SecretBox> {
  if (opts.keyBase64) return secretBoxFromKey(Buffer.from(opts.keyBase64, 'base64'));
  const dir = path.join(opts.dataDir, 'keys');
  const file = path.join(dir, 'student-passwords.key');
  try {
    return secretBoxFromKey(Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  try {
    // 'wx' so that two processes starting together cannot overwrite each other's key.
    await fs.writeFile(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  return secretBoxFromKey(Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64'));
}
