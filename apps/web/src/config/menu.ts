import {
  barChartOutlined,
  bookOutlined,
  messageOutlined,
  solutionOutlined,
  teamOutlined,
  trophyOutlined,
  videoCameraOutlined,
} from '../components/ui/icon-paths';
import { paths } from './paths';

/**
 * The left menu: homework management, class/ID editing, account applications, learning status, ranking, live lesson. Items
 * appear only when their screen exists (see buildMenu).
 */
export interface MenuEntry {
  key: string;
  label: string;
  /** Path data of an @ant-design/icons icon (components/ui/icon-paths.ts): the frame loads no antd. */
  icon?: readonly string[];
  path?: string;
  /** Only for teachers with showLive. */
  live?: boolean;
  children?: MenuEntry[];
}

export const menu: MenuEntry[] = [
  {
    key: 'homework',
    label: '宿題管理',
    icon: bookOutlined,
    children: [
      { key: 'homework-create', label: '宿題配信', path: paths.homeworkCreate.path },
      { key: 'homework-list', label: '宿題一覧', path: paths.homeworkList.path },
      { key: 'free-recitation', label: '自由音読の教材', path: paths.freeRecitation.path },
    ],
  },
  { key: 'classes', label: 'クラス・ID編集', icon: teamOutlined, path: paths.classEditing.path },
  // Ours (the spec's menu has no entry for them): applying for accounts belongs beside class/ID editing.
  { key: 'account-application', label: 'アカウント申請', icon: solutionOutlined, path: paths.accountApplication.path },
  {
    key: 'learning',
    label: '学習状況',
    icon: barChartOutlined,
    children: [
      { key: 'self-practice', label: '自主学習', path: paths.selfPracticeHome.path },
      { key: 'word-progress', label: '単語の進捗', path: paths.wordProgress.path },
      { key: 'progress-graph', label: '成績の推移', path: paths.progressGraph.path },
      { key: 'usage-amount', label: '学習量', path: paths.usageAmount.path },
      { key: 'intelligence', label: '発音の分析', path: paths.intelligence.path },
    ],
  },
  { key: 'ranking', label: 'ランキング', icon: trophyOutlined, path: paths.ranking.path },
  { key: 'messages', label: 'メッセージ', icon: messageOutlined, path: paths.messages.path },
  { key: 'live', label: 'オンライン授業', icon: videoCameraOutlined, live: true },
];

/**
 * The menu for one teacher: the live-lesson entry only with showLive and a live-lesson URL,
 * and no entry whose screen is not built, so a teacher never lands on an empty page.
 */
export function buildMenu(
  entries: MenuEntry[],
  opts: { showLive: boolean; hasLiveUrl: boolean; hasRoute: (path: string) => boolean },
): MenuEntry[] {
  return entries.flatMap((e): MenuEntry[] => {
    if (e.live) return opts.showLive && opts.hasLiveUrl ? [e] : [];
    if (e.children) {
      const children = buildMenu(e.children, opts);
      return children.length ? [{ ...e, children }] : [];
    }
    return e.path && opts.hasRoute(e.path) ? [e] : [];
  });
}
