// Classroom material of the demo: installed by the demo seed as teacher01's own (教室教材),
// visible only to that teacher. Keys start with 'demo-classroom:'. Original text like the rest.
import type { Article, SentenceSet } from './types';

export interface ClassroomDemo {
  sentenceSets: SentenceSet[];
  articles: Article[];
}

export const classroomDemo: ClassroomDemo = {
  sentenceSets: [
    {
      key: 'demo-classroom:sakura-morning',
      title: 'さくら小学校の朝 Good Morning, Sakura School',
      grade: 4,
      theme: '学校生活',
      sentences: [
        { text: 'Good morning, everyone.', translation: 'みなさん、おはようございます。' },
        { text: 'We have six classes today.', translation: '今日は六時間授業です。' },
        { text: 'The first class is English.', translation: '一時間目は英語です。' },
        { text: "Let's sing a song together.", translation: 'いっしょに歌を歌いましょう。' },
        { text: 'Have a nice day!', translation: 'よい一日を！' },
      ],
    },
    {
      key: 'demo-classroom:sakura-lunch',
      title: 'さくら小学校の給食 Lunch at Sakura School',
      grade: 4,
      theme: '学校生活',
      sentences: [
        { text: "It's lunch time at Sakura School.", translation: 'さくら小学校の給食の時間です。' },
        { text: 'Today we have fish, rice and soup.', translation: '今日は魚とご飯とスープです。', picture: 'rice' },
        { text: 'We carry the food to our classroom.', translation: '給食を教室まで運びます。' },
        { text: "Let's eat together.", translation: 'いっしょに食べましょう。' },
        {
          text: 'Thank you for the delicious lunch.',
          translation: 'おいしい給食をありがとうございました。',
          note: 'Thank の th と delicious の「リ」の強さに注意して聞きましょう。',
        },
      ],
    },
    {
      key: 'demo-classroom:sakura-cleaning',
      title: 'そうじの時間 Cleaning Time',
      grade: 5,
      theme: '学校生活',
      sentences: [
        { text: 'After lunch, we clean our school.', translation: '給食のあと、学校をそうじします。' },
        { text: 'I clean the classroom with my friends.', translation: 'わたしは友だちと教室をそうじします。' },
        { text: 'Ken cleans the windows.', translation: 'ケンはまどをふきます。' },
        { text: 'Yuki cleans the floor.', translation: 'ユキはゆかをそうじします。' },
        { text: 'Our classroom is clean and bright.', translation: 'わたしたちの教室はきれいで明るくなりました。' },
      ],
    },
  ],
  articles: [
    {
      key: 'demo-classroom:sakura-day',
      title: 'さくら小学校の一日 A Day at Sakura School',
      grade: 5,
      theme: '学校生活',
      sentences: [
        {
          text: 'Sakura School is a small school in a green town.',
          translation: 'さくら小学校は緑の多い町にある小さな学校です。',
        },
        { text: 'Classes start at eight forty five.', translation: '授業は八時四十五分に始まります。' },
        {
          text: 'In the morning, we study Japanese, math and English.',
          translation: '午前中は国語、算数、英語を勉強します。',
        },
        { text: 'At lunch time, we eat in our classroom.', translation: '給食の時間は教室で食べます。' },
        {
          text: 'After lunch, we clean the school together.',
          translation: '給食のあとは、みんなで学校をそうじします。',
        },
        { text: 'In the afternoon, we have music or sports.', translation: '午後は音楽や体育があります。' },
        {
          text: 'After school, some children play in the playground.',
          translation: '放課後は、校庭で遊ぶ子もいます。',
        },
        { text: 'Others go home and do their homework.', translation: '家に帰って宿題をする子もいます。' },
        { text: 'I like every day at Sakura School.', translation: 'わたしはさくら小学校での毎日が好きです。' },
      ],
      note: '学校の一日の流れを、時間を表すことば（in the morning, after lunch など）に注意して読みましょう。',
    },
  ],
};
