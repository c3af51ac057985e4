// Resource packs: a named bundle of resources of one exercise type that a teacher assigns in one
// go. 'pk-g6-graduation-speech' is intentionally empty (the spec's pack with total 0: choosing it
// gives an empty selection). Word-book resources are keyed with wordBookResourceKey().
import { articles } from './articles';
import { dialogs } from './dialogs';
import { grammarSets } from './grammar';
import { listeningSets } from './listening';
import { readingSets } from './reading';
import { sentenceSets } from './sentences';
import { wordBookResourceKey, type Grade, type PackDef } from './types';
import { wordBooks } from './word-books';

const bookParts = (code: string, type: 'word_study' | 'word_reading') => {
  const book = wordBooks.find((b) => b.code === code);
  if (!book) throw new Error(`packs: no word book ${code}`);
  return book.parts.map((_, i) => wordBookResourceKey(code, type, i + 1));
};
const ofGrade = <T extends { key: string; grade: Grade }>(items: T[], grade: Grade) =>
  items.filter((r) => r.grade === grade).map((r) => r.key);

export const packs: PackDef[] = [
  {
    code: 'pk-g3-words-animals-food',
    title: '3年 単語学習パック 動物と食べ物',
    type: 'word_study',
    grade: 3,
    resources: bookParts('wb-g3-animals-food', 'word_study'),
  },
  {
    code: 'pk-g3-words-school-body',
    title: '3年 単語音読パック 学校と体',
    type: 'word_reading',
    grade: 3,
    resources: bookParts('wb-g3-school-body', 'word_reading'),
  },
  {
    code: 'pk-g4-words-daily',
    title: '4年 単語学習パック 毎日のくらし',
    type: 'word_study',
    grade: 4,
    resources: bookParts('wb-g4-daily', 'word_study'),
  },
  {
    code: 'pk-g3-sentences',
    title: '3年 文の音読パック はじめての英語',
    type: 'sentence_reading',
    grade: 3,
    resources: ofGrade(sentenceSets, 3),
  },
  {
    code: 'pk-g5-sentences-events',
    title: '5年 文の音読パック 季節と行事',
    type: 'sentence_reading',
    grade: 5,
    resources: ['ss-g5-new-year', 'ss-g5-summer-festival', 'ss-g5-summer-vacation', 'ss-g5-past-weekend'],
  },
  {
    code: 'pk-g4-articles',
    title: '4年 文章の音読パック',
    type: 'article_reading',
    grade: 4,
    resources: ofGrade(articles, 4),
  },
  {
    code: 'pk-g6-articles-culture',
    title: '6年 文章の音読パック 日本の文化と旅',
    type: 'article_reading',
    grade: 6,
    resources: ofGrade(articles, 6),
  },
  {
    code: 'pk-g5-dialogs',
    title: '5年 会話パック',
    type: 'dialog',
    grade: 5,
    resources: ofGrade(dialogs, 5),
  },
  {
    code: 'pk-g4-grammar',
    title: '4年 文法問題パック',
    type: 'grammar_choice',
    grade: 4,
    resources: ofGrade(grammarSets, 4),
  },
  {
    code: 'pk-g3-listening',
    title: '3年 リスニングパック',
    type: 'listening',
    grade: 3,
    resources: ofGrade(listeningSets, 3),
  },
  {
    code: 'pk-g5-reading',
    title: '5年 読解問題パック',
    type: 'reading_comprehension',
    grade: 5,
    resources: ofGrade(readingSets, 5),
  },
  {
    code: 'pk-g6-graduation-speech',
    title: '6年 卒業スピーチパック My Graduation Speech',
    type: 'sentence_reading',
    grade: 6,
    resources: [],
  },
];
