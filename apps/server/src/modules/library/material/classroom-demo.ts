import type { ClassroomResourceDef } from '../service.js';

/** teacher01's demo classroom material (the seed): the teacher's own texts, visible to them only. */
export const classroomDemo: ClassroomResourceDef[] = [
  {
    type: 'sentence_reading',
    title: 'さくら小学校の朝のあいさつ',
    grade: 3,
    sentences: [
      { text: 'Good morning, everyone.', translation: 'みなさん、おはようございます。' },
      { text: 'How are you today?', translation: '今日の調子はどうですか。' },
    ],
  },
];
