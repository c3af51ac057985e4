// Reading-comprehension sets: a short passage (a translation per sentence) and three or four
// questions with text or picture choices; `correct` is the index of the right choice.
import type { ReadingSet } from './types';

export const readingSets: ReadingSet[] = [
  {
    key: 'rd-g3-my-pet',
    title: 'わたしのペット My Pet',
    grade: 3,
    passage: [
      { text: 'I have a cat.', translation: 'わたしはねこをかっています。' },
      { text: 'Her name is Tama.', translation: '名前はタマです。' },
      { text: 'She is black and white.', translation: '黒と白のねこです。' },
      { text: 'She likes fish.', translation: '魚が好きです。' },
      { text: 'She sleeps on my bed.', translation: 'わたしのベッドの上でねます。' },
    ],
    questions: [
      {
        question: 'What pet does the writer have?',
        question_translation: '書いた人はどんなペットをかっていますか。',
        choices: [
          { picture: 'dog', alt: '犬' },
          { picture: 'cat', alt: 'ねこ' },
          { picture: 'rabbit', alt: 'うさぎ' },
        ],
        correct: 1,
      },
      {
        question: 'What does Tama like?',
        question_translation: 'タマは何が好きですか。',
        choices: [
          { picture: 'fish', alt: '魚' },
          { picture: 'bread', alt: 'パン' },
          { picture: 'apple', alt: 'りんご' },
        ],
        correct: 0,
      },
      {
        question: 'Where does Tama sleep?',
        question_translation: 'タマはどこでねますか。',
        choices: [{ text: 'in a box' }, { text: 'under the desk' }, { text: 'on the bed' }],
        correct: 2,
      },
    ],
  },
  {
    key: 'rd-g3-lunch-box',
    title: 'お弁当 My Lunch Box',
    grade: 3,
    passage: [
      { text: 'Today is a picnic day.', translation: '今日は遠足の日です。' },
      { text: 'My lunch box has two onigiri.', translation: 'お弁当にはおにぎりが二つ入っています。' },
      { text: 'It has an egg and a tomato, too.', translation: 'たまごとトマトも入っています。' },
      { text: 'I have an orange for dessert.', translation: 'デザートにオレンジがあります。' },
      { text: 'I am happy.', translation: 'わたしはうれしいです。' },
    ],
    questions: [
      {
        question: 'How many onigiri are in the lunch box?',
        question_translation: 'お弁当におにぎりはいくつ入っていますか。',
        choices: [{ text: 'one' }, { text: 'two' }, { text: 'three' }],
        correct: 1,
      },
      {
        question: 'What is the dessert?',
        question_translation: 'デザートは何ですか。',
        choices: [
          { picture: 'banana', alt: 'バナナ' },
          { picture: 'cake', alt: 'ケーキ' },
          { picture: 'orange', alt: 'オレンジ' },
        ],
        correct: 2,
      },
      {
        question: 'What day is it today?',
        question_translation: '今日は何の日ですか。',
        choices: [{ text: 'a picnic day' }, { text: 'a birthday' }, { text: 'a rainy day' }],
        correct: 0,
      },
    ],
  },
  {
    key: 'rd-g3-my-bag',
    title: 'かばんの中身 In My Bag',
    grade: 3,
    passage: [
      { text: 'This is my school bag.', translation: 'これはわたしの通学かばんです。' },
      { text: 'It is blue.', translation: '青色です。' },
      {
        text: 'In my bag, I have three books and a pencil case.',
        translation: 'かばんの中には本が三冊と筆箱があります。',
      },
      { text: 'I have five pencils in my pencil case.', translation: '筆箱にはえんぴつが五本入っています。' },
      { text: 'My bag is heavy.', translation: 'わたしのかばんは重いです。' },
    ],
    questions: [
      {
        question: 'What color is the bag?',
        question_translation: 'かばんは何色ですか。',
        choices: [{ text: 'red' }, { text: 'blue' }, { text: 'black' }],
        correct: 1,
      },
      {
        question: 'How many books are in the bag?',
        question_translation: 'かばんに本は何冊入っていますか。',
        choices: [{ text: 'three' }, { text: 'five' }, { text: 'one' }],
        correct: 0,
      },
      {
        question: 'What is in the pencil case?',
        question_translation: '筆箱に入っているのは何ですか。',
        choices: [
          { picture: 'book', alt: '本' },
          { picture: 'clock', alt: '時計' },
          { picture: 'pencil', alt: 'えんぴつ' },
        ],
        correct: 2,
      },
    ],
  },
  {
    key: 'rd-g4-weekend',
    title: "ケンの日曜日 Ken's Sunday",
    grade: 4,
    passage: [
      { text: 'Ken gets up at seven on Sunday.', translation: 'ケンは日曜日、七時に起きます。' },
      { text: 'He eats rice and miso soup for breakfast.', translation: '朝ご飯にご飯とみそしるを食べます。' },
      { text: 'In the morning, he plays baseball in the park.', translation: '午前中は公園で野球をします。' },
      { text: 'In the afternoon, he reads books at home.', translation: '午後は家で本を読みます。' },
      { text: 'He goes to bed at nine.', translation: '九時にねます。' },
    ],
    questions: [
      {
        question: 'What time does Ken get up?',
        question_translation: 'ケンは何時に起きますか。',
        choices: [{ text: 'at six' }, { text: 'at seven' }, { text: 'at nine' }],
        correct: 1,
      },
      {
        question: 'What does Ken play in the park?',
        question_translation: 'ケンは公園で何をしますか。',
        choices: [
          { picture: 'baseball', alt: '野球' },
          { picture: 'soccer', alt: 'サッカー' },
          { picture: 'ball', alt: 'ボール遊び' },
        ],
        correct: 0,
      },
      {
        question: 'What does Ken do in the afternoon?',
        question_translation: 'ケンは午後に何をしますか。',
        choices: [{ text: 'He swims.' }, { text: 'He cooks.' }, { text: 'He reads books.' }],
        correct: 2,
      },
    ],
  },
  {
    key: 'rd-g4-seasons',
    title: '好きな季節 My Favorite Season',
    grade: 4,
    passage: [
      { text: 'My favorite season is winter.', translation: 'わたしの好きな季節は冬です。' },
      { text: 'It is cold, but I like snow.', translation: '寒いけれど、雪が好きです。' },
      { text: 'I make a big snowman with my brother.', translation: '兄と大きな雪だるまを作ります。' },
      { text: 'We drink hot chocolate after that.', translation: 'そのあとでホットココアを飲みます。' },
      {
        text: 'My sister likes summer because she likes swimming.',
        translation: '姉は泳ぐのが好きなので夏が好きです。',
      },
    ],
    questions: [
      {
        question: "What is the writer's favorite season?",
        question_translation: '書いた人の好きな季節はどれですか。',
        choices: [
          { picture: 'sunny', alt: '夏の晴れ' },
          { picture: 'rainy', alt: '雨' },
          { picture: 'snowy', alt: '雪' },
        ],
        correct: 2,
      },
      {
        question: 'Who makes a snowman with the writer?',
        question_translation: 'だれと雪だるまを作りますか。',
        choices: [{ text: "the writer's brother" }, { text: "the writer's sister" }, { text: "the writer's mother" }],
        correct: 0,
      },
      {
        question: 'Why does the sister like summer?',
        question_translation: 'お姉さんはなぜ夏が好きなのですか。',
        choices: [
          { text: 'because she likes snow' },
          { text: 'because she likes swimming' },
          { text: 'because she likes fireworks' },
        ],
        correct: 1,
      },
    ],
  },
  {
    key: 'rd-g4-zoo-notice',
    title: '動物園のお知らせ Welcome to the Zoo',
    grade: 4,
    passage: [
      { text: 'Welcome to Green Park Zoo.', translation: 'グリーンパーク動物園へようこそ。' },
      { text: 'The zoo opens at nine and closes at five.', translation: '動物園は九時に開き、五時にしまります。' },
      { text: 'You can see pandas in the morning.', translation: '午前中はパンダを見ることができます。' },
      { text: 'The elephants eat lunch at twelve.', translation: 'ゾウは十二時に昼ご飯を食べます。' },
      { text: 'Please do not give food to the animals.', translation: '動物に食べ物をあげないでください。' },
    ],
    questions: [
      {
        question: 'What time does the zoo close?',
        question_translation: '動物園は何時にしまりますか。',
        choices: [{ text: 'at nine' }, { text: 'at twelve' }, { text: 'at five' }],
        correct: 2,
      },
      {
        question: 'Which animal can you see in the morning?',
        question_translation: '午前中に見られる動物はどれですか。',
        choices: [
          { picture: 'panda', alt: 'パンダ' },
          { picture: 'bear', alt: 'くま' },
          { picture: 'bird', alt: '鳥' },
        ],
        correct: 0,
      },
      {
        question: 'What must you not do?',
        question_translation: 'してはいけないことは何ですか。',
        choices: [{ text: 'take pictures' }, { text: 'give food to the animals' }, { text: 'eat lunch' }],
        correct: 1,
      },
    ],
  },
  {
    key: 'rd-g5-emma-letter',
    title: 'エマからの手紙 A Letter from Emma',
    grade: 5,
    passage: [
      { text: 'Dear Yuki,', translation: 'ユキへ' },
      { text: 'Hello from London!', translation: 'ロンドンからこんにちは！' },
      {
        text: 'It is rainy here today, so I am reading a book about Japan.',
        translation: 'こちらは今日雨なので、日本についての本を読んでいます。',
      },
      { text: 'I want to visit Kyoto and see the old temples.', translation: '京都を訪れて古いお寺を見たいです。' },
      { text: 'I also want to try sushi and ramen.', translation: 'すしとラーメンも食べてみたいです。' },
      { text: 'Please tell me about your town.', translation: 'あなたの町のことを教えてください。' },
      { text: 'Your friend, Emma', translation: 'あなたの友だち、エマより' },
    ],
    questions: [
      {
        question: 'Where does Emma live?',
        question_translation: 'エマはどこに住んでいますか。',
        choices: [{ text: 'in Kyoto' }, { text: 'in London' }, { text: 'in Tokyo' }],
        correct: 1,
      },
      {
        question: 'How is the weather in London today?',
        question_translation: '今日のロンドンの天気はどうですか。',
        choices: [
          { picture: 'rainy', alt: '雨' },
          { picture: 'sunny', alt: '晴れ' },
          { picture: 'snowy', alt: '雪' },
        ],
        correct: 0,
      },
      {
        question: 'What food does Emma want to try?',
        question_translation: 'エマは何を食べてみたいですか。',
        choices: [
          { picture: 'pizza', alt: 'ピザ' },
          { picture: 'cake', alt: 'ケーキ' },
          { picture: 'sushi', alt: 'すし' },
        ],
        correct: 2,
      },
      {
        question: 'What does Emma ask Yuki?',
        question_translation: 'エマはユキに何をたのんでいますか。',
        choices: [
          { text: "to tell her about Yuki's town" },
          { text: 'to send her a book' },
          { text: 'to come to London' },
        ],
        correct: 0,
      },
    ],
  },
  {
    key: 'rd-g5-town-map',
    title: '町の地図 Our Town',
    grade: 5,
    passage: [
      { text: 'This is my town.', translation: 'これはわたしの町です。' },
      { text: 'The station is in the center of the town.', translation: '駅は町の中心にあります。' },
      { text: 'The library is next to the station.', translation: '図書館は駅のとなりにあります。' },
      { text: 'There is a big park behind the library.', translation: '図書館の後ろに大きな公園があります。' },
      { text: 'The hospital is across from the park.', translation: '病院は公園の向かいにあります。' },
      { text: 'My school is near the hospital.', translation: 'わたしの学校は病院の近くにあります。' },
    ],
    questions: [
      {
        question: 'What is next to the station?',
        question_translation: '駅のとなりにあるのは何ですか。',
        choices: [
          { picture: 'library', alt: '図書館' },
          { picture: 'hospital', alt: '病院' },
          { picture: 'school', alt: '学校' },
        ],
        correct: 0,
      },
      {
        question: 'Where is the park?',
        question_translation: '公園はどこにありますか。',
        choices: [{ text: 'in front of the school' }, { text: 'behind the library' }, { text: 'next to the hospital' }],
        correct: 1,
      },
      {
        question: "What is near the writer's school?",
        question_translation: '書いた人の学校の近くにあるのは何ですか。',
        choices: [
          { picture: 'station', alt: '駅' },
          { picture: 'park', alt: '公園' },
          { picture: 'hospital', alt: '病院' },
        ],
        correct: 2,
      },
    ],
  },
  {
    key: 'rd-g5-dream-speech',
    title: '夢のスピーチ My Dream Speech',
    grade: 5,
    passage: [
      { text: 'My name is Sota.', translation: 'ぼくの名前はソウタです。' },
      { text: 'I want to be a firefighter.', translation: 'ぼくは消防士になりたいです。' },
      { text: 'Last year, there was a fire near my house.', translation: '去年、家の近くで火事がありました。' },
      {
        text: 'The firefighters came quickly and saved a family.',
        translation: '消防士がすぐに来て、家族を助けました。',
      },
      { text: 'They were brave and strong.', translation: '彼らは勇かんで強かったです。' },
      {
        text: 'I run every morning to become strong like them.',
        translation: '彼らのように強くなるために、毎朝走っています。',
      },
    ],
    questions: [
      {
        question: 'What does Sota want to be?',
        question_translation: 'ソウタは何になりたいですか。',
        choices: [{ text: 'a doctor' }, { text: 'a police officer' }, { text: 'a firefighter' }],
        correct: 2,
      },
      {
        question: 'What happened last year?',
        question_translation: '去年何がありましたか。',
        choices: [
          { text: 'There was a fire near his house.' },
          { text: 'He went to Kyoto.' },
          { text: 'He won a race.' },
        ],
        correct: 0,
      },
      {
        question: 'What does Sota do every morning?',
        question_translation: 'ソウタは毎朝何をしていますか。',
        choices: [{ text: 'He swims.' }, { text: 'He runs.' }, { text: 'He reads.' }],
        correct: 1,
      },
    ],
  },
  {
    key: 'rd-g6-chopsticks',
    title: 'はしの使い方 How to Use Chopsticks',
    grade: 6,
    passage: [
      { text: 'In Japan, people eat with chopsticks.', translation: '日本では、人々ははしを使って食べます。' },
      { text: 'Hold one chopstick like a pencil.', translation: '一本をえんぴつのように持ちます。' },
      {
        text: 'Put the other chopstick under it and do not move it.',
        translation: 'もう一本をその下に置き、動かさないようにします。',
      },
      {
        text: 'Move only the top chopstick to pick up food.',
        translation: '上のはしだけを動かして食べ物をつまみます。',
      },
      {
        text: 'Do not stand your chopsticks in a bowl of rice.',
        translation: 'ご飯の茶わんにはしを立ててはいけません。',
      },
      {
        text: 'With practice, you can even pick up a single bean.',
        translation: '練習すれば、豆一つぶでもつまめるようになります。',
      },
    ],
    questions: [
      {
        question: 'How do you hold the first chopstick?',
        question_translation: '一本目のはしはどのように持ちますか。',
        choices: [{ text: 'like a ball' }, { text: 'like a pencil' }, { text: 'like a cup' }],
        correct: 1,
      },
      {
        question: 'Which chopstick do you move?',
        question_translation: 'どちらのはしを動かしますか。',
        choices: [{ text: 'the top one' }, { text: 'the bottom one' }, { text: 'both of them' }],
        correct: 0,
      },
      {
        question: 'What must you not do?',
        question_translation: 'してはいけないことは何ですか。',
        choices: [{ text: 'eat rice' }, { text: 'hold them like a pencil' }, { text: 'stand them in a bowl of rice' }],
        correct: 2,
      },
      {
        question: 'What are we talking about?',
        question_translation: '何についての文章ですか。',
        choices: [
          { picture: 'chopsticks', alt: 'はし' },
          { picture: 'pencil', alt: 'えんぴつ' },
          { picture: 'umbrella', alt: 'かさ' },
        ],
        correct: 0,
      },
    ],
  },
  {
    key: 'rd-g6-school-trip-diary',
    title: '旅行の日記 My Trip Diary',
    grade: 6,
    passage: [
      {
        text: 'October tenth. Today we went to Nara on our school trip.',
        translation: '十月十日。今日は修学旅行で奈良へ行きました。',
      },
      { text: 'We took a bus from Kyoto.', translation: '京都からバスに乗りました。' },
      { text: 'In Nara Park, there were many deer.', translation: '奈良公園にはたくさんのシカがいました。' },
      {
        text: 'They bowed to us when we had deer cookies.',
        translation: 'シカせんべいを持っていると、シカがおじぎをしました。',
      },
      {
        text: 'Then we saw a very big Buddha in an old temple.',
        translation: 'それから古いお寺でとても大きな大仏を見ました。',
      },
      { text: 'I bought a small deer for my little sister.', translation: '妹に小さなシカのおみやげを買いました。' },
    ],
    questions: [
      {
        question: 'How did they go to Nara?',
        question_translation: '奈良へは何で行きましたか。',
        choices: [
          { picture: 'train', alt: '電車' },
          { picture: 'bus', alt: 'バス' },
          { picture: 'plane', alt: '飛行機' },
        ],
        correct: 1,
      },
      {
        question: 'What animals were in Nara Park?',
        question_translation: '奈良公園にはどんな動物がいましたか。',
        choices: [{ text: 'monkeys' }, { text: 'deer' }, { text: 'rabbits' }],
        correct: 1,
      },
      {
        question: 'What did they see in the temple?',
        question_translation: 'お寺で何を見ましたか。',
        choices: [{ text: 'a big Buddha' }, { text: 'a big castle' }, { text: 'a big tree' }],
        correct: 0,
      },
      {
        question: 'What did the writer buy?',
        question_translation: '書いた人は何を買いましたか。',
        choices: [
          { text: 'a book for a friend' },
          { text: 'cookies for the teacher' },
          { text: 'a small deer for a sister' },
        ],
        correct: 2,
      },
    ],
  },
  {
    key: 'rd-g6-mount-fuji',
    title: '富士山 Mount Fuji',
    grade: 6,
    passage: [
      { text: 'Mount Fuji is the highest mountain in Japan.', translation: '富士山は日本で一番高い山です。' },
      {
        text: 'It is about three thousand seven hundred seventy six meters high.',
        translation: '高さはおよそ三千七百七十六メートルです。',
      },
      { text: 'On a clear day, you can see it from Tokyo.', translation: '晴れた日には東京から見ることができます。' },
      {
        text: 'In winter, the top of the mountain is white with snow.',
        translation: '冬には山の頂上が雪で白くなります。',
      },
      { text: 'Many people climb it in July and August.', translation: '七月と八月には多くの人が登ります。' },
      {
        text: 'Some climbers start at night to see the sunrise from the top.',
        translation: '頂上から日の出を見るために夜に登り始める人もいます。',
      },
    ],
    questions: [
      {
        question: 'What is Mount Fuji?',
        question_translation: '富士山とは何ですか。',
        choices: [
          { text: 'the longest river in Japan' },
          { text: 'the highest mountain in Japan' },
          { text: 'the biggest lake in Japan' },
        ],
        correct: 1,
      },
      {
        question: 'What color is the top in winter?',
        question_translation: '冬の頂上は何色ですか。',
        choices: [{ text: 'green' }, { text: 'blue' }, { text: 'white' }],
        correct: 2,
      },
      {
        question: 'When do many people climb it?',
        question_translation: '多くの人はいつ登りますか。',
        choices: [{ text: 'in July and August' }, { text: 'in December' }, { text: 'in April and May' }],
        correct: 0,
      },
      {
        question: 'Which picture shows Mount Fuji?',
        question_translation: '富士山を表している絵はどれですか。',
        choices: [
          { picture: 'tree', alt: '木' },
          { picture: 'mountain', alt: '山' },
          { picture: 'school', alt: '学校' },
        ],
        correct: 1,
      },
    ],
  },
];
