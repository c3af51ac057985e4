/**
 * Every Japanese message the server and the web app show for validation and errors.
 * Spec strings (teacher-app.md §5, §8) are verbatim; the rest are ours, written in the same voice.
 */
export const messages = {
  loginIdRequired: 'アカウントIDを入力してください。',
  passwordRequired: 'パスワードを入力してください。',
  loginFailed: 'アカウントID（メールアドレス）またはパスワードが正しくありません。',
  loginRateLimited: 'ログインの失敗が続いたため、しばらくログインできません。15分ほど待ってから再度お試しください。',
  passCardInvalid: 'ログインキーが無効か、有効期限が切れています。もう一度ログインキーを発行してください。',
  passwordDecryptFailed: 'パスワードを確認できませんでした。ページを再読み込みしてからもう一度お試しください。',
  unauthorized: 'ログインの有効期限が切れました。もう一度ログインしてください。',
  forbidden: 'この操作を行う権限がありません。',
  notFound: 'データが見つかりませんでした。',
  badRequest: '入力内容に誤りがあります。',
  payloadTooLarge: 'データのサイズが大きすぎます。',
  rateLimited: 'リクエストが多すぎます。しばらく待ってから再度お試しください。',
  serviceError: 'サービス異常。もう一度やり直してください。',
  operationFailed: '処理が失敗しました。再度お試しください。',
  overLength: '字数制限を超えています',
  emojiNotAllowed: '無効な文字が含まれています。修正してください。',
  emailRequired: 'メールアドレスを入力してください。',
  emailInvalid: '正しいメールアドレスを入力してください。',
  emailSameAsCurrent: '現在のメールアドレスとは異なるメールアドレスを入力してください。',
  passwordRule: 'パスワードを6文字以上20文字以内で入力してください。',
  passwordSameAsOld: '新しいパスワードは現在のパスワードと異なるものを入力してください。',
  passwordMismatch: 'パスワードが一致しません。',
  classNameRequired: 'クラス名を入力してください。',
  homeworkTitleRequired: 'タイトルを入力してください。',
  homeworkTitleForbidden: 'タイトルに次の文字は使えません：￥ : * ? \\ " < > |',
  numberTooLong: '10桁以内の数字を入力してください。',
  noRecording: '録音データがありません。',
} as const;
