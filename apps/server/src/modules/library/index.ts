/**
 * What other modules (homework, recitation), the seed, the CLI and tests may use of the library,
 * besides policy.ts (requireVisibleResource).
 */
export { installLibrary, libraryState, type InstallReport, type LibraryMedia } from './install.js';
export {
  createClassroomResource,
  saveClassroomResource,
  deleteClassroomResource,
  makeClassroomAudio,
  type ClassroomRecording,
  replaceResourceAudio,
  ReplaceAudioError,
  type ClassroomResourceDef,
} from './service.js';
export { headquartersSource, type LibrarySource } from './source.js';
export { findVisibleResource, findWords, type ResourceRecord } from './repository.js';
/** The preview shapes (the students' side builds its practice items from them). */
export { presentResourceDetail, presentWordItems } from './presenter.js';
export { directSynthesizer, libraryCacheDir } from './synthesizer.js';
/** The text-to-speech engine and version (part of every synthesis cache key). */
export { TTS_ENGINE, MODEL_VOICE, MODEL_AUDIO_CHECK, type Voice } from './audio.js';
export { applyOverride } from './install.js';
export type { StoredFullText } from './content.js';
export type { StoredContent } from './content.js';
/** The visibility rule (headquarters, or the teacher's own classroom material; not deleted) as a
 * query condition, for modules that read resources in bulk (homework). One rule, defined here. */
export { visibleTo as resourceVisibleTo } from './repository.js';
