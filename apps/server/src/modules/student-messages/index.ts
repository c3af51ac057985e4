/** What the app may use of the teacher → child channel (docs/student-messages.md). */
export { studentMessageRoutes } from './routes.js';
