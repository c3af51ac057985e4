import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (m=19456 KiB, t=2, p=1: OWASP's recommended minimum).
export const hashPassword = (password: string) => hash(password);

// Unknown accounts are verified against a real hash too, so timing does not reveal which exist.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  const target = passwordHash ?? (await (dummyHash ??= hash('unknown-account-dummy')));
  try {
    return (await verify(target, password)) && passwordHash !== null;
  } catch {
    return false;
  }
}
