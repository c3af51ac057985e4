import { paths } from '../../config/paths';

/**
 * The teacher's guide (/explain, docs/explain.md): one section per task, each with its steps and a
 * screenshot of the product. The screenshots are made from the running product by the e2e spec
 * `e2e/messages.e2e.ts` (`apps/web/public/explain/<shot>.jpg`, refreshed with GUIDE_SHOTS=1), so
 * they show the screens as they are; a section whose picture is missing shows its steps alone.
 */
export interface GuideSection {
  id: string;
  title: string;
  /** One line: what the task is for. */
  lead: string;
  steps: string[];
  /** Tips a busy teacher is glad to know. */
  tips?: string[];
  /** The screenshot's file name in public/explain (without .jpg). */
  shot: string;
  /** Where to start in the product. */
  link?: { label: string; href: string };
}

export const guideSections: GuideSection[] = [
  {
    id: 'homework',
    title: '宿題を配信する',
    lead: '教材を選び、クラスや児童に音読の宿題を届けます。',
    steps: [
      '左のメニューの「宿題管理」→「宿題配信」を開きます。',
      '教材を検索して「選択」します（教材パックを選ぶと、まとめて選べます）。',
      '「通常」「定期」「単語テスト」から宿題の種類を選び、タイトル・クラス（または児童）・締め切りを入力します。',
      '「今すぐ配信」か、配信日時を指定して「予約配信」します。',
    ],
    tips: [
      '練習回数を指定すると、その回数だけ練習した児童が「提出済み」になります。',
      '締め切りを過ぎた宿題は、宿題一覧から未提出の児童だけに再配信（締め切り7日延長）できます。',
    ],
    shot: 'homework-create',
    link: { label: '宿題配信を開く', href: paths.homeworkCreate.path },
  },
  {
    id: 'list',
    title: '宿題一覧で進み具合を見る',
    lead: '配信した宿題の提出状況を一覧で確かめます。',
    steps: [
      '「宿題管理」→「宿題一覧」を開きます。',
      'クラス・状態・期間で絞り込めます。提出数は「提出済み／配信人数」で表示されます。',
      '宿題の「結果」から、その宿題の詳しい結果へ進みます。',
    ],
    shot: 'homework-list',
    link: { label: '宿題一覧を開く', href: paths.homeworkList.path },
  },
  {
    id: 'results',
    title: '結果を読む',
    lead: '児童ごと・教材ごと・問題ごとの得点と録音を確認します。',
    steps: [
      '宿題一覧で宿題を選ぶと、提出率と教材ごとの平均点が表示されます。',
      '教材を選ぶと児童ごとの得点が、「解答を見る」で児童の録音と単語ごとの判定が見られます。',
      '未提出の児童には「未提出の児童にお知らせ」で、児童の画面にお知らせを送れます。',
      '「解説用ページ」は、クラスで間違いが多かった単語をまとめた印刷用のページです。',
    ],
    tips: ['得点は 80点以上が「よくできた」、60点以上が「もう少し」、60点未満が「要練習」の色で表示されます。'],
    shot: 'results',
  },
  {
    id: 'classes',
    title: 'クラスと児童を管理する',
    lead: 'クラスの作成、児童の登録、ログインカードの印刷をします。',
    steps: [
      '左のメニューの「クラス・ID編集」を開き、「クラスを作成」でクラスを作ります（名前は20文字まで）。',
      'クラスを開き、名簿（Excel）を取り込むか、児童を一人ずつ登録します。',
      '「ログインカード」を印刷して児童に配ります。カードのQRコードで児童はすぐにログインできます。',
      '転校などでクラスを離れる児童は、クラスの児童一覧で選んで「クラスから外す」を押します。',
    ],
    shot: 'classes',
    link: { label: 'クラス・ID編集を開く', href: paths.classEditing.path },
  },
  {
    id: 'april',
    title: '4月の年度更新',
    lead: '新学期に、クラスを新しい学年に入れ替えます。',
    steps: [
      '「クラス・ID編集」から「年度更新」を開きます。',
      '新しいクラスの名簿を取り込み、進級する児童・卒業する児童を確認します。',
      '内容を確かめて確定すると、昨年度のクラスは閲覧専用になり、卒業生は卒業生一覧へ移ります。',
    ],
    tips: ['昨年度のクラスと結果は消えず、閲覧専用で残ります。'],
    shot: 'year-rollover',
    link: { label: '年度更新を開く', href: paths.yearRollover.path },
  },
  {
    id: 'children',
    title: '児童の画面',
    lead: '児童はタブレットやパソコンの /learn/ で宿題をします。',
    steps: [
      '児童はログインカードのQRコードか、IDとパスワードでログインします。',
      'ホームに宿題と「おしらせ」（先生からのメッセージ・コメント・提出のお知らせ）が表示されます。',
      '教材を選び、お手本を聞いてから録音すると、その場で得点が表示されます。',
      '児童と保護者に配る使い方（印刷用）は「おんどく つかいかた」にあります。',
    ],
    shot: 'learn-home',
    link: { label: 'おんどく つかいかた（児童・保護者向け）', href: paths.studentManual.path },
  },
  {
    id: 'messages',
    title: 'メッセージとお知らせ',
    lead: 'クラスや児童に連絡を送り、だれが読んだか確かめます。',
    steps: [
      '左のメニューの「メッセージ」→「メッセージを書く」を開きます。',
      'クラス全員、または名前で検索した児童を宛先に選び、タイトルと本文を入力します（絵文字は使えません）。',
      '「今すぐ送る」か、日時を指定して予約します。',
      'メッセージ一覧で既読の人数を、メッセージを開くと「読んだ児童」「まだ読んでいない児童」を確認できます。',
      '画面右上のベルには、宿題のお知らせと運営からのお知らせの未読数が表示されます。「すべて既読にする」でまとめて既読にできます。',
    ],
    tips: ['メッセージの送信は、学校の管理者が許可したアカウントで使えます。'],
    shot: 'message-info',
    link: { label: 'メッセージを開く', href: paths.messages.path },
  },
];
