import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { loadPasswordCipher, type PasswordCipher } from './lib/rsa-keys.js';
import { loadSecretBox, type SecretBox } from './lib/secret-box.js';

/** What every entry point (server, operator commands) needs: the migrated database and the keys. */
export async function openRuntime(
  config: Config,
  opts: { share?: boolean } = {},
): Promise<{ database: Database; cipher: PasswordCipher; secretBox: SecretBox }> {
  const database = await openDatabase({ ...config, ...opts });
  try {
    await runMigrations(database.pool);
    const cipher = await loadPasswordCipher({ dataDir: config.dataDir, privateKeyPem: config.rsaPrivateKey });
    const secretBox = await loadSecretBox({ dataDir: config.dataDir, keyBase64: config.studentPasswordKey });
    return { database, cipher, secretBox };
  } catch (e) {
    await database.close();
    throw e;
  }
}
