/** What the app may use of self-practice (docs/self-practice.md). */
export { selfPracticeRoutes, type RecordingUrl } from './routes.js';
