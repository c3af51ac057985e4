/**
 * What other modules (and the CLI, the seed and test factories) may use of auth: creating a
 * teacher, passwords, the teacher presenter, signing a teacher out when the password changes, and
 * finding a teacher's token (app.ts hands it to the auth plugin).
 */
export { hashPassword, verifyPassword } from './password.js';
export { presentTeacher } from './presenter.js';
export { createTeacher, type NewTeacher } from './service.js';
export { findTeacherById, type TeacherRow } from './teacher-repository.js';
export { findTeacherByTokenHash, replacePassword } from './token-repository.js';
