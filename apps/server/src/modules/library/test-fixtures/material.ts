import { fileURLToPath } from 'node:url';
import type { Material } from '../material/types.js';

/**
 * A small library for tests (and for the server until the real material in material/ lands):
 * every exercise type, a word book of two parts, pictures, a grade-4 resource, and a pack with
 * no resources (the spec's "pack with total 0"). Its words are all in the pronunciation
 * dictionary, so the evaluator can score its model audio.
 */
export const fixturePicturesDir = fileURLToPath(new URL('./pictures/', import.meta.url));

export const fixtureMaterial: Material = {
  wordBooks: [
    {
      code: 'wb-fx-basic',
      title: 'はじめての単語（テスト）',
      grade: 3,
      parts: [
        [
          {
            word: 'apple',
            meaning: 'りんご',
            ipa: '/ˈæpəl/',
            example: 'I like apples.',
            example_translation: 'わたしはりんごが好きです。',
            picture: 'fx-apple.svg',
          },
          {
            word: 'dog',
            meaning: '犬',
            ipa: '/dɔɡ/',
            example: 'The dog is big.',
            example_translation: 'その犬は大きいです。',
            picture: 'fx-dog.svg',
          },
        ],
        [
          {
            word: 'school',
            meaning: '学校',
            ipa: '/skuːl/',
            example: 'I go to school.',
            example_translation: 'わたしは学校に行きます。',
          },
          {
            word: 'water',
            meaning: '水',
            ipa: '/ˈwɔtər/',
            example: 'I drink water.',
            example_translation: 'わたしは水を飲みます。',
          },
        ],
      ],
    },
  ],
  sentenceSets: [
    {
      key: 'fx-sentences-intro',
      title: '自己しょうかい（テスト）',
      grade: 3,
      theme: 'self-introduction',
      sentences: [
        { text: 'My name is Ken.', translation: 'ぼくの名前はケンです。', note: 'name をはっきり読む' },
        { text: 'I like cats.', translation: 'わたしはねこが好きです。', picture: 'fx-cat.svg' },
      ],
    },
    {
      key: 'fx-sentences-food',
      title: '好きな食べ物（テスト）',
      grade: 4,
      theme: 'food',
      sentences: [{ text: 'I want some rice.', translation: 'ごはんがほしいです。' }],
    },
  ],
  articles: [
    {
      key: 'fx-article-summer',
      title: 'わたしの夏休み（テスト）',
      grade: 5,
      theme: 'seasons and events',
      sentences: [
        { text: 'I went to the sea in summer.', translation: 'わたしは夏に海へ行きました。' },
        { text: 'The water was very cold.', translation: '水はとても冷たかったです。' },
        { text: 'I had a good time.', translation: '楽しい時間をすごしました。' },
      ],
      note: '過去形の -ed を意識して読む',
    },
  ],
  dialogs: [
    {
      key: 'fx-dialog-shop',
      title: 'お店で（テスト）',
      grade: 4,
      theme: 'places in town',
      roles: ['Clerk', 'Child'],
      child_role: 'Child',
      turns: [
        { role: 'Clerk', text: 'Hello. Can I help you?', translation: 'こんにちは。いらっしゃいませ。' },
        { role: 'Child', text: 'I want an apple, please.', translation: 'りんごをください。' },
        { role: 'Clerk', text: 'Here you are.', translation: 'はい、どうぞ。' },
        { role: 'Child', text: 'Thank you.', translation: 'ありがとう。' },
      ],
    },
  ],
  grammarSets: [
    {
      key: 'fx-grammar-be',
      title: 'be動詞（テスト）',
      grade: 5,
      questions: [
        {
          prompt: 'I ___ a student.',
          translation: 'わたしは生徒です。',
          choices: ['am', 'is', 'are'],
          correct: 0,
          note: 'I のときは am',
        },
        {
          prompt: 'She ___ my sister.',
          translation: '彼女はわたしの姉です。',
          choices: ['am', 'is', 'are'],
          correct: 1,
        },
      ],
    },
  ],
  listeningSets: [
    {
      key: 'fx-listening-animals',
      title: '動物のリスニング（テスト）',
      grade: 3,
      questions: [
        {
          script: 'I have a dog. It is brown.',
          script_translation: 'わたしは犬を飼っています。茶色です。',
          question: 'Which animal does the boy have?',
          question_translation: '男の子はどの動物を飼っていますか。',
          choices: [
            { picture: 'fx-dog.svg', alt: '犬' },
            { picture: 'fx-cat.svg', alt: 'ねこ' },
          ],
          correct: 0,
        },
        {
          script: 'I eat an apple every morning.',
          script_translation: 'わたしは毎朝りんごを食べます。',
          question: 'What does the girl eat every morning?',
          question_translation: '女の子は毎朝何を食べますか。',
          choices: [{ text: 'an apple' }, { text: 'some bread' }, { text: 'an egg' }],
          correct: 0,
        },
      ],
    },
  ],
  readingSets: [
    {
      key: 'fx-reading-tom',
      title: 'トムの一日（テスト）',
      grade: 6,
      passage: [
        { text: 'Tom gets up at seven.', translation: 'トムは七時に起きます。' },
        { text: 'He walks to school with his dog.', translation: '彼は犬と学校まで歩きます。' },
      ],
      questions: [
        {
          question: 'What time does Tom get up?',
          question_translation: 'トムは何時に起きますか。',
          choices: [{ text: 'at six' }, { text: 'at seven' }, { text: 'at eight' }],
          correct: 1,
        },
        {
          question: 'Who walks with Tom?',
          question_translation: 'だれがトムといっしょに歩きますか。',
          choices: [
            { picture: 'fx-cat.svg', alt: 'ねこ' },
            { picture: 'fx-dog.svg', alt: '犬' },
          ],
          correct: 1,
        },
      ],
    },
  ],
  packs: [
    {
      code: 'fx-pack-g3',
      title: '3年生のスタートパック（テスト）',
      type: 'word_study',
      grade: 3,
      resources: ['wb-fx-basic:word_study:1', 'wb-fx-basic:word_study:2'],
    },
    { code: 'fx-pack-empty', title: '空のパック（テスト）', type: 'dialog', grade: 4, resources: [] },
  ],
  pronunciations: {},
};
