import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PasswordCipher } from '../../lib/rsa-keys.js';

/**
 * The key in the sign-in QR code of a child's login card (docs/learn.md):
 * `${studentId}.${cardVersion}.${HMAC-SHA256(id.version)}` (the first 128 bits, base64url: 22
 * characters, so the printed QR code stays coarse enough for a tablet camera) with a secret derived from the
 * server's private key (every process sharing the key accepts it). Stored nowhere: a card
 * stops working when `students.card_version` rises (the teacher renews the password).
 */
export type CardSecret = Pick<PasswordCipher, 'deriveSecret'>;

const secretOf = (cipher: CardSecret) => cipher.deriveSecret('student-login-card');
const mac = (secret: Buffer, id: number, version: number) =>
  createHmac('sha256', secret).update(`${id}.${version}`).digest().subarray(0, 16).toString('base64url');

export function studentCardKey(cipher: CardSecret, student: { id: number; cardVersion: number }): string {
  return `${student.id}.${student.cardVersion}.${mac(secretOf(cipher), student.id, student.cardVersion)}`;
}

/** The student id and card version a genuine key names, or null (the version is checked by the caller). */
export function readCardKey(cipher: CardSecret, key: string): { studentId: number; cardVersion: number } | null {
  const parts = key.trim().split('.');
  if (parts.length !== 3) return null;
  const [id, version, sig] = parts as [string, string, string];
  if (!/^\d{1,10}$/.test(id) || !/^\d{1,10}$/.test(version)) return null;
  const studentId = Number(id);
  const cardVersion = Number(version);
  if (studentId > 2 ** 31 - 1 || cardVersion > 2 ** 31 - 1) return null;
  const expected = Buffer.from(mac(secretOf(cipher), studentId, cardVersion));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { studentId, cardVersion };
}
