/**
 * Japanese messages of classes and student accounts (issue 4), in the voice of messages.ts.
 * Kept in their own file so the account and class work can be merged without touching one list.
 */
export const teamMessages = {
  classNameTaken: '同じ名前のクラスがすでにあります。別の名前を入力してください。',
  classLimit: 'クラスは100個まで作成できます。',
  studentIdRequired: '生徒IDを入力してください。',
  studentIdRule: '生徒IDは半角英数字と「.」「_」「-」を使って4〜20文字で入力してください。',
  studentIdTaken: 'この生徒IDはすでに使われています。',
  studentNameRequired: '氏名を入力してください。',
  studentsRequired: '生徒を選択してください。',
  gradeNameRequired: '学年を入力してください。',
  classOfStudentRequired: '組を入力してください。',
  deletionCountChanged: 'クラスの人数が変わりました。もう一度確認してから削除してください。',
  fileRequired: 'ファイルを選択してください。',
  fileType: 'Excel（.xlsx）またはCSV（.csv）ファイルを選択してください。',
  fileTooLarge: 'ファイルが大きすぎます（5MBまで）。',
  fileUnreadable: 'ファイルを読み取れませんでした。テンプレートの形式で保存したファイルか確認してください。',
  fileEmpty: 'ファイルに生徒のデータがありません。',
  fileTooManyRows: '一度に取り込めるのは3,000人までです。ファイルを分けてください。',
  fileMissingColumns: (cols: string) => `必要な列がありません：${cols}`,
  importHasErrors: (n: number) =>
    `${n}件のエラーがあるため、取り込みませんでした。修正してからもう一度お試しください。`,
  rowDuplicateInFile: (id: string, row: number) => `生徒ID「${id}」がファイル内で重複しています（${row}行目と同じ）。`,
  rowIdTaken: (id: string) => `生徒ID「${id}」はすでに使われています。`,
  rowClassMissing: 'クラスを入力してください。',
} as const;
