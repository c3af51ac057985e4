/** What the CLI, the seed and tests may use of free recitation. */
export { setQuota } from './repository.js';
export {
  RECITATION_VOICES,
  splitPassage,
  startDraft as startRecitationDraft,
  saveTranslation as saveRecitationTranslation,
  create as createRecitationResource,
} from './service.js';
