/** What the app may use of the study survey (docs/study-survey.md): its routes and its download makers. */
export { studySurveyRoutes } from './routes.js';
export { studySurveyMakers } from './report-files.js';
