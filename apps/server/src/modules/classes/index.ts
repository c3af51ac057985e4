/**
 * What other modules (and the seed, the CLI and test factories) may use of classes, besides
 * policy.ts: creating a class, and reading the teacher's classes.
 */
export { createClass, createClasses } from './service.js';
export { findClassByName, listClasses, unsafeFindClassByCode, type ClassWithCount } from './class-repository.js';
export { rosterReadCache } from './read-caches.js';
