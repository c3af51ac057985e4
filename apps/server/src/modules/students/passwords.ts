import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * Passwords that a teacher issues to students (generated at import, reset, or typed by the
 * teacher). They are also kept AES-GCM encrypted so they can be printed, so the hash is not the
 * weakest link for them: it uses argon2id with lighter parameters (4 MiB, 1 pass) than teacher
 * passwords (library defaults, 19 MiB, 2 passes), which makes a 2,000-row import take about a
 * second instead of forty (measured in docs/classes.md). A password the student sets later is
 * hashed by the student app with the full parameters.
 */
const ISSUED = { memoryCost: 4096, timeCost: 1, parallelism: 1 } as const;

export const hashIssuedPassword = (password: string) => hash(password, ISSUED);

// An unknown login id is verified against a hash of the same parameters as the issued ones, so the
// time of the answer does not tell which ids exist (docs/security.md, "Children's sign-in").
let dummyIssuedHash: Promise<string> | undefined;
export const unknownStudentHash = () => (dummyIssuedHash ??= hashIssuedPassword('unknown-student-dummy'));

/** A student's password against their hash; `null` (no such student) costs the same and fails. */
export async function verifyStudentPassword(passwordHash: string | null, password: string): Promise<boolean> {
  const target = passwordHash ?? (await unknownStudentHash());
  try {
    return (await verify(target, password)) && passwordHash !== null;
  } catch {
    return false;
  }
}

/** Hash many passwords, a few at a time (libuv runs argon2 on its thread pool of 4). */
export async function hashIssuedPasswords(passwords: string[], concurrency = 4): Promise<string[]> {
  const out = new Array<string>(passwords.length);
  let next = 0;
  const worker = async () => {
    while (next < passwords.length) {
      const i = next++;
      out[i] = await hashIssuedPassword(passwords[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, passwords.length) }, worker));
  return out;
}

// No l/1, o/0: children copy these from a printed card.
const LETTERS = 'abcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';
const ALL = LETTERS + DIGITS;

/** 8 characters, lower-case letters and digits, at least one of each (meets the 6–20 rule). */
export function generateInitialPassword(length = 8): string {
  for (;;) {
    const p = Array.from({ length }, () => ALL[randomInt(ALL.length)]).join('');
    if (/[a-z]/.test(p) && /\d/.test(p)) return p;
  }
}
