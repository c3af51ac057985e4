import type { TeacherUser } from '@ondoku/contract';
import type { TeacherRow } from './teacher-repository.js';

/** Names every field the web app receives about a teacher: the password hash cannot leak. */
export const presentTeacher = (t: TeacherRow): TeacherUser => ({
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

export const presentSession = (t: TeacherRow, token: string) => ({
  token,
  user: presentTeacher(t),
  online_class_switch: t.onlineClassSwitch,
});

export const presentTeacherInfo = (t: TeacherRow, liveLessonUrl: string | null) => ({
  user: presentTeacher(t),
  online_class_switch: t.onlineClassSwitch,
  live_lesson_url: liveLessonUrl,
});

/** The server's RSA public key as the web app encrypts passwords with it. */
export const presentPublicKey = (pem: string) => ({ public_key: pem, algorithm: 'RSA-OAEP-256' as const });
