import type { RecitationAudio, RecitationCategory, ToneTypeItem } from '@ondoku/contract';
import { recitationMessages } from '@ondoku/contract';
import { mediaUrl } from '../media/index.js';
import type { DraftRecord, RecitationDraftAudio } from './repository.js';

/** Every reply of free recitation; storage keys become /media URLs. */
export const presentStart = (draft: DraftRecord) => ({
  guid: draft.guid,
  category: draft.category,
  resource_id: draft.resourceId,
});

export const presentToneTypes = (items: ToneTypeItem[]) => ({ items });

export const presentAudio = (a: RecitationDraftAudio): RecitationAudio => ({
  index: a.index,
  audio_file: mediaUrl(a.key),
  source: a.source,
  score: a.score,
  flagged: a.flagged,
  message: a.flagged ? recitationMessages.recordingMismatch(a.score) : null,
});

export const presentSpeech = (audio: RecitationDraftAudio[]) => ({
  audio_file: mediaUrl(audio[0]!.key),
  items: audio.map(presentAudio),
});

export const presentTranslate = (translate: string[]) => ({ translate });

export const presentQuota = (q: { total: number; used: number; remaining: number }) => ({
  remaining: q.remaining,
  total: q.total,
  used: q.used,
});

export const presentCreated = (resourceId: number, guid: string) => ({ resource_id: resourceId, guid });

export const presentResourceInfo = (r: {
  resourceId: number;
  category: RecitationCategory;
  title: string;
  grade: number;
  toneType: number;
  content: string | string[];
  translate: string[];
  inUse: boolean;
}) => ({
  resource_id: r.resourceId,
  category: r.category,
  title: r.title,
  grade: r.grade,
  tone_type: r.toneType,
  content: r.content,
  translate: r.translate,
  in_use: r.inUse,
});
