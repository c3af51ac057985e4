import {
  changeResourceTranslate,
  createResource,
  ErrorCode,
  recitationMessages,
  deleteRecitationResource,
  getRecitationResource,
  getRemainingTimes,
  getToneTypeList,
  startCreateResource,
  textToSpeech,
  uploadSoundFile,
} from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/app-error.js';
import { rateLimits, type RateLimiter } from '../../lib/rate-limit.js';
import { route, uploadRoute } from '../../lib/route.js';
import type { LibraryMedia } from '../library/index.js';
import { requireOwnDraft } from './policy.js';
import {
  presentAudio,
  presentCreated,
  presentQuota,
  presentResourceInfo,
  presentSpeech,
  presentStart,
  presentToneTypes,
  presentTranslate,
} from './presenter.js';
import * as service from './service.js';

/**
 * Free recitation (docs/free-recitation.md). Text-to-speech and uploads run without a
 * transaction: synthesis, conversion and the evaluator's check take seconds and hold no
 * connection; each ends in one update of the draft.
 */
export function freeRecitationRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; media: LibraryMedia; limiter: RateLimiter },
) {
  const { db, clock, media, limiter } = deps;
  /** Synthesis and scoring keep a speech worker busy: a teacher gets recitationLimits.audioPerHour. */
  const holdBackAudio = async (teacherId: number) => {
    if ((await limiter.hit(rateLimits.recitationAudioOfTeacher(teacherId))).over)
      throw new AppError(ErrorCode.RATE_LIMITED, recitationMessages.tooManyAudio);
  };

  route(app, startCreateResource, { transaction: true }, async ({ input, teacher, tx, afterCommit }) => {
    const draft = await service.startDraft(tx, teacher, input);
    // Drafts left a week ago go with their recordings (personal data).
    const gone = await service.forgetAbandonedDrafts(tx, teacher, clock.now());
    afterCommit(() => service.removeFiles(media.storage, gone));
    return presentStart(draft);
  });

  route(app, getToneTypeList, async () => presentToneTypes(service.toneTypeItems()));

  route(app, textToSpeech, async ({ input, teacher }) => {
    await requireOwnDraft(db, teacher, input.guid);
    await holdBackAudio(teacher.id);
    return presentSpeech(await service.speak(db, teacher, media, input));
  });

  route(app, changeResourceTranslate, { transaction: true }, async ({ input, teacher, tx }) => {
    await requireOwnDraft(tx, teacher, input.guid);
    return presentTranslate(await service.saveTranslation(tx, teacher, input));
  });

  uploadRoute(app, uploadSoundFile, async ({ input, teacher, file }) => {
    await requireOwnDraft(db, teacher, input.guid);
    await holdBackAudio(teacher.id);
    return presentAudio(await service.receiveRecording(db, teacher, media, input, file));
  });

  route(app, getRemainingTimes, async ({ teacher }) => presentQuota(await service.remaining(db, teacher, clock.now())));

  route(app, createResource, { transaction: true }, async ({ input, teacher, tx }) => {
    await requireOwnDraft(tx, teacher, input.guid);
    const draft = await service.create(tx, teacher, media, input, clock.now());
    return presentCreated(draft.resourceId!, draft.guid);
  });

  route(app, getRecitationResource, async ({ input, teacher }) =>
    presentResourceInfo(await service.resourceInfo(db, teacher, input.resource_id)),
  );

  route(app, deleteRecitationResource, { transaction: true }, async ({ input, teacher, tx, afterCommit }) => {
    const gone = await service.remove(tx, teacher, input.resource_id);
    afterCommit(() => service.removeFiles(media.storage, gone));
    return null;
  });
}
