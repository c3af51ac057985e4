/** What other modules and the app may use of the download tasks (docs/downloads.md). */
export { createDownloadRunner, TaskFailure, type DownloadRunner, type TaskMaker } from './runner.js';
export { downloadRoutes } from './routes.js';
export { workbook, headerStyle, type ExportFile, type Progress } from './exports.js';
export { enqueueTask } from './service.js';
export { presentTask } from './presenter.js';
/** The xlsx helpers other exports share (self-practice): the streaming workbook, header look, file names. */
export { headerStyle as xlsxHeaderStyle, workbook as xlsxWorkbook, xlsxFileName } from './exports.js';
