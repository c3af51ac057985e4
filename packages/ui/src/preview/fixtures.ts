import type { PackRow, ResourceDetail, ResourceRow } from '@ondoku/contract';

/**
 * Preview data in the exact contract shape, one resource per exercise type, for the component
 * and route tests and the screenshot page. Written for this project in the style of the real
 * library (grades 3–6); to be replaced by resources exported from the installed library once the
 * library server and material are merged — keep every fixture in this one file.
 */
const audio = (name: string) => `/api/v2/resource/file/fixtures/${name}.wav`;
const picture = (name: string) => `/api/v2/resource/file/fixtures/${name}.svg`;

export const wordStudyFixture: ResourceDetail = {
  resource_id: 101,
  title: '3年 くだものと食べもの パート1',
  type: 'word_study',
  grade: 3,
  origin_type: 'headquarters',
  resource_path: '/api/v2/resource/file/fixtures/',
  resource_version: 1,
  full_text: null,
  word_book: { code: 'wb-g3-basic', part: 1 },
  items: [
    {
      index: 0,
      screen_text: 'apple',
      screen_text_translation: 'りんご',
      screen_pic: picture('apple'),
      audio_file: audio('apple'),
      ipa: '/ˈæpəl/',
      example: { text: 'I eat an apple every morning.', translation: 'わたしは毎朝りんごを食べます。' },
      note_homework: '「ア」ではなく口を横に広げる /æ/ の音に注意。',
    },
    {
      index: 1,
      screen_text: 'banana',
      screen_text_translation: 'バナナ',
      screen_pic: picture('banana'),
      audio_file: audio('banana'),
      ipa: '/bəˈnænə/',
      example: { text: 'Monkeys like bananas.', translation: 'サルはバナナが好きです。' },
      note_homework: null,
    },
    {
      index: 2,
      screen_text: 'rice ball',
      screen_text_translation: 'おにぎり',
      screen_pic: null,
      audio_file: audio('rice-ball'),
      ipa: '/ˈraɪs bɔːl/',
      example: { text: 'My mother makes rice balls for lunch.', translation: '母はお昼におにぎりを作ります。' },
      note_homework: 'rice の r は舌を巻いて。lice（シラミ）にならないように。',
    },
  ],
};

export const wordReadingFixture: ResourceDetail = {
  resource_id: 102,
  title: '4年 まちの場所 パート2',
  type: 'word_reading',
  grade: 4,
  origin_type: 'headquarters',
  resource_path: '/api/v2/resource/file/fixtures/',
  resource_version: 1,
  full_text: null,
  word_book: { code: 'wb-g4-town', part: 2 },
  items: [
    {
      index: 0,
      screen_text: 'library',
      screen_text_translation: '図書館',
      screen_pic: null,
      audio_file: audio('library'),
      ipa: '/ˈlaɪbrɛri/',
    },
    {
      index: 1,
      screen_text: 'station',
      screen_text_translation: '駅',
      screen_pic: null,
      audio_file: audio('station'),
      ipa: '/ˈsteɪʃən/',
    },
    {
      index: 2,
      screen_text: 'hospital',
      screen_text_translation: '病院',
      screen_pic: null,
      audio_file: audio('hospital'),
      ipa: '/ˈhɑːspɪtəl/',
    },
    {
      index: 3,
      screen_text: 'post office',
      screen_text_translation: '郵便局',
      screen_pic: null,
      audio_file: audio('post-office'),
      ipa: '/ˈpoʊst ˌɔːfɪs/',
    },
  ],
};

export const sentenceReadingFixture: ResourceDetail = {
  resource_id: 103,
  title: '5年 自己紹介をしよう',
  type: 'sentence_reading',
  grade: 5,
  origin_type: 'headquarters',
  resource_path: '/api/v2/resource/file/fixtures/',
  resource_version: 2,
  full_text: null,
  word_book: null,
  items: [
    {
      index: 0,
      screen_text: 'Hello, my name is Haruto.',
      screen_text_translation: 'こんにちは、ぼくの名前はハルトです。',
      screen_pic: picture('hello'),
      audio_file: audio('s-hello'),
      note_homework: '名前の前で少し間をあけると聞き取りやすくなります。',
    },
    {
      index: 1,
      screen_text: 'I am from Osaka.',
      screen_text_translation: 'ぼくは大阪の出身です。',
      screen_pic: null,
      audio_file: audio('s-osaka'),
      note_homework: null,
    },
    {
      index: 2,
      screen_text: 'I like soccer and music.',
      screen_text_translation: 'ぼくはサッカーと音楽が好きです。',
      screen_pic: null,
      audio_file: audio('s-soccer'),
    },
    {
      index: 3,
      screen_text: 'My birthday is July 7th.',
      screen_text_translation: 'ぼくの誕生日は7月7日です。',
      screen_pic: null,
      audio_file: audio('s-birthday'),
      note_homework: 'July の最後を上げる発音に気をつけましょう。',
    },
  ],
};

const summerSentences = [
  ['Summer vacation in Japan starts in late July.', '日本の夏休みは7月の終わりに始まります。'],
  ['Many children go to their grandparents’ houses.', '多くの子どもたちはおじいちゃんやおばあちゃんの家に行きます。'],
  ['They swim in the river and catch beetles in the forest.', '川で泳いだり、森でカブトムシをつかまえたりします。'],
  ['In August, there are summer festivals in many towns.', '8月には、たくさんの町で夏祭りがあります。'],
  ['People wear yukata and watch fireworks at night.', '人々はゆかたを着て、夜に花火を見ます。'],
  ['My favorite food at the festival is shaved ice.', 'わたしがお祭りで一番好きな食べ物はかき氷です。'],
  ['Summer is hot, but it is my favorite season.', '夏は暑いけれど、わたしの一番好きな季節です。'],
] as const;
let at = 0;
export const articleReadingFixture: ResourceDetail = {
  resource_id: 104,
  title: '6年 日本の夏休み',
  type: 'article_reading',
  grade: 6,
  origin_type: 'headquarters',
  resource_path: '/api/v2/resource/file/fixtures/',
  resource_version: 1,
  full_text: {
    screen_text: summerSentences.map(([t]) => t).join(' '),
    audio_file: audio('article-summer'),
    sentences: summerSentences.map(([text, translation], index) => {
      const start_ms = at;
      at += 2600 + text.length * 20;
      return { index, text, translation, start_ms, end_ms: at - 200 };
    }),
  },
  word_book: null,
  items: [
    {
      index: 0,
      screen_text: summerSentences.map(([t]) => t).join(' '),
      screen_text_translation: summerSentences.map(([, j]) => j).join(''),
      screen_pic: null,
      audio_file: audio('article-summer'),
      note_homework: 'fireworks や festival など、長い単語は区切って練習させましょう。',
    },
  ],
};

export const dialogFixture: ResourceDetail = {
  resource_id: 105,
  title: '5年 レストランで注文しよう',
  type: 'dialog',
  grade: 5,
  origin_type: 'headquarters',
  resource_path: '/api/v2/resource/file/fixtures/',
  resource_version: 1,
  full_text: null,
  word_book: null,
  items: [
    {
      index: 0,
      role: 'Customer',
      screen_text: 'Hello. I’d like a hamburger, please.',
      screen_text_translation: 'こんにちは。ハンバーガーをお願いします。',
      screen_pic: null,
      audio_file: audio('d-customer-1'),
      wait_items: [
        {
          after_index: -1,
          role: 'Clerk',
          screen_text: 'Hello. What would you like?',
          screen_text_translation: 'いらっしゃいませ。何になさいますか。',
          audio_file: audio('d-clerk-1'),
        },
      ],
      note_homework: 'I’d like ～ はていねいな言い方です。',
    },
    {
      index: 1,
      role: 'Customer',
      screen_text: 'Orange juice, please.',
      screen_text_translation: 'オレンジジュースをお願いします。',
      screen_pic: null,
      audio_file: audio('d-customer-2'),
      wait_items: [
        {
          after_index: 0,
          role: 'Clerk',
          screen_text: 'Sure. Anything to drink?',
          screen_text_translation: 'かしこまりました。お飲み物はいかがですか。',
          audio_file: audio('d-clerk-2'),
        },
      ],
    },
    {
      index: 2,
      role: 'Customer',
      screen_text: 'Here you are. Thank you!',
      screen_text_translation: 'はい、どうぞ。ありがとう！',
      screen_pic: null,
      audio_file: audio('d-customer-3'),
      wait_items: [
        {
          after_index: 1,
          role: 'Clerk',
          screen_text: 'OK. That’s 600 yen.',
          screen_text_translation: 'はい。600円です。',
          audio_file: audio('d-clerk-3'),
        },
        {
          after_index: 1,
          role: 'Clerk',
          screen_text: 'Please wait a moment.',
          screen_text_translation: '少々お待ちください。',
          audio_file: audio('d-clerk-4'),
        },
      ],
    },
  ],
};

export const grammarChoiceFixture: ResourceDetail = {
  resource_id: 106,
  title: '4年 can / can’t を使おう',
  type: 'grammar_choice',
  grade: 4,
  origin_type: 'headquarters',
  resource_path: '/api/v2/resource/file/fixtures/',
  resource_version: 1,
  full_text: null,
  word_book: null,
  items: [
    {
      index: 0,
      screen_text: 'I ___ swim fast.',
      screen_text_translation: 'わたしは速く泳ぐことができます。',
      screen_pic: null,
      audio_file: audio('g-can-swim'),
      answers: [
        { index: 0, content: 'can', type: 'text', correct: true },
        { index: 1, content: 'cans', type: 'text', correct: false },
        { index: 2, content: 'is', type: 'text', correct: false },
      ],
      note_homework: 'can のあとは動詞の原形。',
    },
    {
      index: 1,
      screen_text: '___ you play the piano?',
      screen_text_translation: 'あなたはピアノをひけますか。',
      screen_pic: null,
      audio_file: audio('g-can-piano'),
      answers: [
        { index: 0, content: 'Do', type: 'text', correct: false },
        { index: 1, content: 'Can', type: 'text', correct: true },
        { index: 2, content: 'Are', type: 'text', correct: false },
      ],
    },
    {
      index: 2,
      screen_text: 'My brother ___ ride a unicycle. It is too hard.',
      screen_text_translation: '弟は一輪車に乗れません。むずかしすぎます。',
      screen_pic: null,
      audio_file: audio('g-cant-ride'),
      answers: [
        { index: 0, content: 'can', type: 'text', correct: false },
        { index: 1, content: 'isn’t', type: 'text', correct: false },
        { index: 2, content: 'can’t', type: 'text', correct: true },
      ],
    },
  ],
};

export const listeningFixture: ResourceDetail = {
  resource_id: 107,
  title: '3年 好きな動物はなに？',
  type: 'listening',
  grade: 3,
  origin_type: 'headquarters',
  resource_path: '/api/v2/resource/file/fixtures/',
  resource_version: 1,
  full_text: null,
  word_book: null,
  items: [
    {
      index: 0,
      screen_text: 'Hi, I’m Yui. I like pandas. They are cute.',
      screen_text_translation: 'こんにちは、ユイです。わたしはパンダが好きです。かわいいからです。',
      screen_pic: null,
      audio_file: audio('l-yui'),
      questions: [{ content: 'What animal does Yui like?', translation: 'ユイが好きな動物はどれですか。' }],
      answers: [
        { index: 0, content: picture('dog'), type: 'image', alt: '犬', correct: false },
        { index: 1, content: picture('panda'), type: 'image', alt: 'パンダ', correct: true },
        { index: 2, content: picture('cat'), type: 'image', alt: 'ねこ', correct: false },
      ],
    },
    {
      index: 1,
      screen_text: 'I’m Ken. I like lions. They are strong and cool.',
      screen_text_translation: 'ケンです。ぼくはライオンが好きです。強くてかっこいいからです。',
      screen_pic: null,
      audio_file: audio('l-ken'),
      questions: [{ content: 'Why does Ken like lions?', translation: 'ケンはなぜライオンが好きですか。' }],
      answers: [
        { index: 0, content: 'They are small.', type: 'text', correct: false },
        { index: 1, content: 'They are strong.', type: 'text', correct: true },
        { index: 2, content: 'They are slow.', type: 'text', correct: false },
      ],
    },
  ],
};

const parkSentences = [
  ['Last Sunday, Mika went to Green Park with her family.', 'この前の日曜日、ミカは家族とグリーン公園に行きました。'],
  ['They had a picnic under a big cherry tree.', '大きな桜の木の下でピクニックをしました。'],
  [
    'Mika’s father made sandwiches, and her brother brought a ball.',
    'お父さんはサンドイッチを作り、弟はボールを持ってきました。',
  ],
  ['After lunch, they played catch by the pond.', '昼ごはんのあと、池のそばでキャッチボールをしました。'],
  ['It was a happy day.', '楽しい一日でした。'],
] as const;
let parkAt = 0;
export const readingComprehensionFixture: ResourceDetail = {
  resource_id: 108,
  title: '6年 公園でピクニック',
  type: 'reading_comprehension',
  grade: 6,
  origin_type: 'classroom',
  resource_path: '/api/v2/resource/file/fixtures/',
  resource_version: 1,
  full_text: {
    screen_text: parkSentences.map(([t]) => t).join(' '),
    audio_file: audio('rc-park'),
    sentences: parkSentences.map(([text, translation], index) => {
      const start_ms = parkAt;
      parkAt += 2400 + text.length * 20;
      return { index, text, translation, start_ms, end_ms: parkAt - 200 };
    }),
  },
  word_book: null,
  items: [
    {
      index: 0,
      screen_text: 'Where did Mika go last Sunday?',
      screen_text_translation: 'ミカはこの前の日曜日にどこへ行きましたか。',
      screen_pic: null,
      audio_file: audio('rc-q1'),
      questions: [
        { content: 'Where did Mika go last Sunday?', translation: 'ミカはこの前の日曜日にどこへ行きましたか。' },
      ],
      answers: [
        { index: 0, content: 'To the zoo.', type: 'text', correct: false },
        { index: 1, content: 'To Green Park.', type: 'text', correct: true },
        { index: 2, content: 'To the library.', type: 'text', correct: false },
      ],
    },
    {
      index: 1,
      screen_text: 'What did her brother bring?',
      screen_text_translation: '弟は何を持ってきましたか。',
      screen_pic: null,
      audio_file: audio('rc-q2'),
      questions: [{ content: 'What did her brother bring?', translation: '弟は何を持ってきましたか。' }],
      answers: [
        { index: 0, content: picture('ball'), type: 'image', alt: 'ボール', correct: true },
        { index: 1, content: picture('sandwich'), type: 'image', alt: 'サンドイッチ', correct: false },
        { index: 2, content: picture('kite'), type: 'image', alt: 'たこ', correct: false },
      ],
      note_homework: 'bring の過去形 brought を確認しましょう。',
    },
  ],
};

/** One fixture per exercise type, in the contract's order. */
export const previewFixtures: ResourceDetail[] = [
  wordStudyFixture,
  wordReadingFixture,
  sentenceReadingFixture,
  articleReadingFixture,
  dialogFixture,
  grammarChoiceFixture,
  listeningFixture,
  readingComprehensionFixture,
];

/** The search rows of the fixtures (what searchResources answers for them). */
export const fixtureRow = (d: ResourceDetail, pack_code: string | null = null): ResourceRow => ({
  resource_id: d.resource_id,
  title: d.title,
  type: d.type,
  grade: d.grade,
  origin_type: d.origin_type,
  item_count: d.items.length,
  pack_code,
});

export const packFixtures: PackRow[] = [
  { code: 'pk-g5-self-intro', title: '5年 自己紹介セット', type: 'sentence_reading', total: 4 },
  { code: 'pk-g3-animals', title: '3年 動物リスニング', type: 'listening', total: 2 },
  /** The spec's pack with total 0: choosing it gives an empty selection. */
  { code: 'pk-g6-graduation', title: '6年 卒業スピーチ', type: 'article_reading', total: 0 },
];
