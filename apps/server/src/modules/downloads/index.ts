/** What other modules and the app may use of the download tasks (docs/downloads.md). */
export { createDownloadRunner, TaskFailure, type DownloadRunner, type TaskMaker } from './runner.js';
export { type ExportFile, type Progress } from './exports.js';
export { enqueueTask } from './service.js';
export { presentTask, presentTaskReply } from './presenter.js';
/** The file names other exports share (self-practice); the workbook itself is lib/xlsx-writer.ts. */
export { xlsxFileName } from './exports.js';
