export * from './account.js';
export * from './classes.js';
export * from './homework.js';
export * from './system.js';
export * from './teachers.js';
export * from './evaluation.js';
export * from './library.js';
