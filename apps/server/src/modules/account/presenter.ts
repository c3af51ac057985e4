import { presentTeacher, type TeacherRow } from '../auth/index.js';

/** Names every field of the account calls' replies. */

/** A code was mailed (or, for an unknown address, seemingly so): how long it stays valid. */
export const presentCodeSent = (ttlMinutes: number) => ({ expires_in_minutes: ttlMinutes });

/** The teacher after a profile or e-mail change. */
export const presentAccountUser = (row: TeacherRow) => ({ user: presentTeacher(row) });
