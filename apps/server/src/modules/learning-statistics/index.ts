/**
 * What other modules use of learning statistics: the evaluation module adds each child's phone
 * judgements to the sound statistics when it stores a result (docs/learning-statistics.md).
 */
export { addSoundJudgements } from './sounds.js';
