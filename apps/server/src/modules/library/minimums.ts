/**
 * What the headquarters library must hold at the least (docs/library.md, "Material"), in one place: the
 * acceptance test asserts these against the installed library once the real material is in.
 */
export const libraryMinimums = {
  words: 300,
  sentence_reading: 40,
  article_reading: 12,
  dialog: 12,
  grammar_choice: 20,
  listening: 12,
  reading_comprehension: 12,
  packs: 10,
  empty_packs: 1,
} as const;
