// The headquarters library (本部教材) as authored: everything the installer puts into the
// library, and the demo's classroom material (教室教材 of the demo teacher).
import { articles } from './articles';
import { classroomDemo } from './classroom-demo';
import { dialogs } from './dialogs';
import { grammarSets } from './grammar';
import { listeningSets } from './listening';
import { packs } from './packs';
import { pronunciations } from './pronunciations';
import { readingSets } from './reading';
import { sentenceSets } from './sentences';
import type { Material } from './types';
import { wordBooks } from './word-books';

export const material: Material = {
  wordBooks,
  sentenceSets,
  articles,
  dialogs,
  grammarSets,
  listeningSets,
  readingSets,
  packs,
  pronunciations,
};

export { classroomDemo };
export type { ClassroomDemo } from './classroom-demo';
