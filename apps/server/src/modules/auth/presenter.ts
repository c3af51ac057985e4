import type { TeacherUser } from '@ondoku/contract';
import type { TeacherProfile } from '../../lib/acting.js';

/** Names every field the web app receives about a teacher: the password hash cannot leak. */
export const presentTeacher = (t: Omit<TeacherProfile, 'onlineClassSwitch'>): TeacherUser => ({
  id: t.id,
  teacher_flag: 1,
  username: t.loginId,
  email: t.email,
  nickname: t.nickname,
  avatar: t.avatar,
  type: t.type,
  showLive: t.showLive,
  school: t.school,
});

/** A new session: the bearer token and who it belongs to. */
export const presentSession = (s: { teacher: TeacherProfile; token: string }) => ({
  token: s.token,
  user: presentTeacher(s.teacher),
  online_class_switch: s.teacher.onlineClassSwitch,
});

export const presentTeacherInfo = (t: TeacherProfile, liveLessonUrl: string | null) => ({
  user: presentTeacher(t),
  online_class_switch: t.onlineClassSwitch,
  live_lesson_url: liveLessonUrl,
});

/** The server's RSA public key as the web app encrypts passwords with it. */
export const presentPublicKey = (pem: string) => ({ public_key: pem, algorithm: 'RSA-OAEP-256' as const });
