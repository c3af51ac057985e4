/** What the app may use of the study survey (docs/study-survey.md): its download makers (its routes are in routes.ts). */
export { studySurveyMakers } from './report-files.js';
