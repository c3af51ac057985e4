/** What the app (and other modules) may use of results: the recording-URL seam of answer papers. */
export { noRecordingUrl, noSignRecording, recordingUrlsFor, type RecordingUrl, type SignRecording } from './service.js';
/** The teachers' word corrections as lines for the speech engine's calibration (admin export-corrections). */
export { correctionLines, type CorrectionLine } from './corrections-export.js';
/** How a teacher's word corrections read on an answer (the study survey's answer logs and weakest words). */
export { correctedWords, correctedHtml, correctedAccuracy } from './scoring.js';
/** A student's answer with the teacher's word corrections applied (answer papers, the study survey's answer logs). */
export { presentAnswer } from './presenter.js';
/** How a read word is written in word lists (hardest and weakest words alike). */
export { shownWord, writtenWordAt } from './hardest-words.js';
