// How eSpeak NG is told to say words it reads wrongly, in its own phoneme notation (docs/library.md,
// "Words eSpeak says wrongly"). The model audio of a line with such a word is synthesised with the
// word replaced by `[[phonemes]]`; the text a teacher and a child see, and the evaluator scores, is
// unchanged. Found by the check of every model audio (a line no voice passes) and by listening;
// each entry follows the pronunciation dictionary the evaluator uses.
export const spokenAs: Readonly<Record<string, string>> = {
  // eSpeak: "kai-OH-toh" (k aI 'oU t oU); the dictionary: K Y OW T OW.
  kyoto: "kj'oUt#oU",
  // eSpeak: "kih-MOH-noh"; the dictionary: K AH M OW N AH, American "kuh-MOH-noh".
  kimono: "k@m'oUnoU",
};

const pattern = new RegExp(`\\b(${Object.keys(spokenAs).join('|')})\\b(?!')`, 'gi');

/** The text eSpeak NG is given for a line: every word of `spokenAs` in its phonemes. */
export const spokenTextOf = (text: string) =>
  Object.keys(spokenAs).length === 0 ? text : text.replace(pattern, (word) => `[[${spokenAs[word.toLowerCase()]}]]`);
