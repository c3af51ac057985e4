/**
 * What other modules (and the seed, the CLI and test factories) may use of students, besides
 * policy.ts: creating students, and reading a class's students.
 */
export { createStudents, type NewStudent } from './service.js';
export { listClassStudents, type StudentRecord } from './student-repository.js';
/** The key in a login card's QR code: students' login cards print it, the students' side signs in with it (docs/learn.md). */
export { readCardKey, studentCardKey, type CardSecret } from './card-key.js';
export { verifyStudentPassword } from './passwords.js';
/** Joining a class by its code: the students' side call (student token) plugs in here (docs/classes.md). */
export { joinClassByCode } from './service.js';
/** The classes (this year's, not deleted) of the teacher's students, by student id (the students' side shows a child's). */
export { classesOfStudents } from './student-repository.js';
/** A roster checked without writing (account applications), and the import itself (an approved application). */
export { importStudents, previewRoster, type RosterRow } from './import-service.js';
