/**
 * The exercise previews (docs/library-web.md, "The preview views"), shared by the library, answer papers and the students'
 * practice screens: one view per exercise type, the audio controller, the answer matching.
 */
export { PreviewView, previewViews } from './preview-view';
export type { PreviewViewProps } from './types';
export {
  matchAnswers,
  scoreBand,
  type ClassAverages,
  type ItemResult,
  type ResourceScores,
  type StudentAnswer,
} from './results';
export { audioController, useAudioPlayer, useObjectUrl } from './audio';
export { ItemText, PlayButton, AudioControl, ScoreTag } from './parts';
export { ScoreBar } from './score-bar';
