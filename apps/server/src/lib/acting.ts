import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.js';
import type { teachers } from '../db/schema/index.js';

/**
 * Who made a request, from its bearer token alone (docs/architecture.md, "Floors of the
 * server"): the acting teacher, the acting student, and how the auth plugin finds them. This file
 * is on the floor: it imports nothing of plugins/ or modules/, so every layer may use it.
 */

/** The teacher's columns the web app may see (modules/auth/presenter.ts). */
export type TeacherProfile = Pick<
  typeof teachers.$inferSelect,
  'id' | 'loginId' | 'email' | 'nickname' | 'avatar' | 'type' | 'showLive' | 'school' | 'onlineClassSwitch'
>;

/** The teacher (or guest) who made the request. */
export interface ActingTeacher {
  id: number;
  type: 'teacher' | 'guest';
  tokenId: number;
  /** The profile as the token lookup read it (teacher/info answers from it; no password hash). */
  profile: TeacherProfile;
}

/** A guest: an acting teacher whose type is 'guest' (refused on the calls that refuse guests). */
export type ActingGuest = ActingTeacher & { type: 'guest' };

/** A signed-in student (the students' side, modules/learn): their account, their teacher, their token. */
export interface ActingStudent {
  id: number;
  teacherId: number;
  tokenId: number;
}

/** A teacher's token as the auth module finds it: the acting teacher and when the token expires. */
export interface FoundTeacherToken {
  teacher: ActingTeacher;
  expiresAt: Date;
}

/**
 * How the auth plugin (plugins/auth.ts) finds who a token belongs to. The modules that own the
 * tokens implement it (modules/auth for teachers, modules/learn for students); app.ts hands their
 * functions to the plugin, so the plugin never imports a module.
 */
export interface TokenLookup {
  /** A teacher's token, by the hash of the token (lib/secrets.ts `hashSecret`), or null. */
  teacherByTokenHash: (db: DbOrTx, tokenHash: string) => Promise<FoundTeacherToken | null>;
  /** A student's token (the token itself), or null when unknown, expired or revoked. */
  studentByToken: (db: DbOrTx, token: string) => Promise<ActingStudent | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    teacher: ActingTeacher | null;
    student: ActingStudent | null;
  }
}

/** The token of an `Authorization: Bearer …` header, or null. */
export const bearerToken = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
};
