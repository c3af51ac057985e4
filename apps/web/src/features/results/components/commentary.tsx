import type { CallOutput, getCommentary } from '@ondoku/contract';
import { PrinterOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Score, Section } from '@ondoku/ui';
import { readFailure } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { useCommentary } from '../api';
import { CommentDraftEditor } from './comment-draft';
import { muted, num, td, th } from './score';

type Data = CallOutput<typeof getCommentary>;

/** What the route gives the page: a play button for the model audio (the library's, composed by the route). */
export type PlayAudio = (src: string, label: string) => ReactNode;

const css = `
.commentary { display: flex; flex-direction: column; gap: 16px; max-width: 1100px; }
.commentary .print-only { display: none; }
.commentary .words { display: flex; flex-wrap: wrap; gap: 10px; list-style: none; margin: 0; padding: 0; }
.commentary .word { font-size: 20px; padding: 4px 12px; border: 1px solid #ffccc7; background: #fff1f0;
  border-radius: 6px; }
.commentary .word small { font-size: 13px; color: rgba(0,0,0,0.55); margin-left: 6px; }
.commentary .item-text { font-size: 16px; }
@media print {
  @page { size: A4 portrait; margin: 12mm; }
  html, body, .ant-layout { background: #fff !important; }
  .ant-layout-sider, .ant-layout-header { display: none !important; }
  body * { visibility: hidden; }
  .commentary, .commentary * { visibility: visible; }
  .commentary { position: absolute; left: 0; top: 0; width: 100%; max-width: none; gap: 6mm; }
  .commentary .no-print { display: none !important; }
  .commentary .print-only { display: block; }
  .commentary section { break-inside: avoid; border: none !important; padding: 0 !important; }
}`;

/**
 * /commentary/:homeworkId (解説用ページ, docs/results.md): the class's common mistakes in a homework for
 * the teacher to go over in class — the hardest words, the items with the lowest class average
 * (with their model audio), the most-chosen wrong answers — and the teacher's comment draft,
 * autosaved. Printable (印刷; @media print shows the page alone).
 */
export function Commentary({ homeworkId, play }: { homeworkId: number; play: PlayAudio }) {
  const commentary = useCommentary(homeworkId);
  const failure = readFailure(commentary, { backTo: paths.homeworkList.path, backLabel: '宿題一覧へ戻る' });
  if (failure) return failure;
  const c = commentary.data;
  if (!c) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return (
    <div className="commentary">
      <style>{css}</style>
      <div className="no-print" style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Link to={paths.homeworkDetails.getHref(homeworkId)}>← 宿題の結果へ戻る</Link>
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          印刷
        </Button>
      </div>
      <Head c={c} />
      {c.answered_count === 0 ? (
        <Section title="クラスでよくある間違い">
          <div style={muted}>まだ提出がありません。提出があると、間違いが多かった単語や問題がここに表示されます。</div>
        </Section>
      ) : (
        <>
          <HardWords c={c} />
          <HardItems c={c} play={play} />
          <WrongChoices c={c} />
        </>
      )}
      <CommentDraftEditor homeworkId={homeworkId} />
    </div>
  );
}

function Head({ c }: { c: Data }) {
  return (
    <header>
      <div style={{ ...muted, fontSize: 13 }}>解説用ページ</div>
      <h1 style={{ fontSize: 22, margin: '2px 0 4px' }}>{c.title}</h1>
      <div style={{ ...muted, fontSize: 13 }}>
        {c.team ? c.team.name : '個別の生徒'}
        <span style={{ margin: '0 8px' }}>|</span>
        {formatDateTime(c.start_time)} 〜 {formatDateTime(c.end_time)}
        <span style={{ margin: '0 8px' }}>|</span>
        <span data-testid="answered">
          提出 {c.submitted_count}/{c.assigned_count}人
        </span>
        （各生徒の最高得点の提出から集計）
      </div>
    </header>
  );
}

function HardWords({ c }: { c: Data }) {
  return (
    <Section title="クラスで間違いが多かった単語">
      {c.hardest_words.length === 0 ? (
        <div style={muted}>発音を間違えた単語はありません。</div>
      ) : (
        <ul className="words" data-testid="hard-words">
          {c.hardest_words.map((w) => (
            <li key={w.word} className="word">
              {w.word}
              <small>{w.student_count}人</small>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function HardItems({ c, play }: { c: Data; play: PlayAudio }) {
  return (
    <Section title="得点が低かった問題">
      <table style={{ width: '100%', borderCollapse: 'collapse', fontSize: 13 }}>
        <thead>
          <tr style={muted}>
            <th style={th}>教材</th>
            <th style={th}>問題</th>
            <th style={{ ...th, textAlign: 'right' }}>平均点</th>
            <th style={{ ...th, textAlign: 'right' }}>正答率</th>
            <th style={th} className="no-print">
              お手本
            </th>
          </tr>
        </thead>
        <tbody>
          {c.hardest_items.map((i) => (
            <tr key={`${i.topic_id}:${i.question_id}`} data-testid="hard-item">
              <td style={{ ...td, ...muted, whiteSpace: 'nowrap' }}>
                {i.position}. {i.topic_title}
              </td>
              <td style={td} className="item-text">
                <span style={{ ...muted, marginRight: 6, fontSize: 12 }}>問題{i.question_id + 1}</span>
                {i.screen_text}
              </td>
              <td style={num}>
                <Score value={i.average_score} average />
              </td>
              <td style={num}>{i.correct_rate === null ? '—' : `${i.correct_rate.toFixed(1)}%`}</td>
              <td style={td} className="no-print">
                {i.audio_file ? play(i.audio_file, '原文を再生') : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

function WrongChoices({ c }: { c: Data }) {
  if (c.wrong_choices.length === 0) return null;
  return (
    <Section title="間違いが多かった選択肢">
      <ol style={{ margin: 0, paddingLeft: 20, display: 'flex', flexDirection: 'column', gap: 10 }}>
        {c.wrong_choices.map((i) => (
          <li key={`${i.topic_id}:${i.question_id}`} data-testid="wrong-choice">
            <div className="item-text">
              {i.screen_text}
              <span style={{ ...muted, fontSize: 12, marginLeft: 8 }}>
                {i.position}. {i.topic_title} 問題{i.question_id + 1}
              </span>
            </div>
            <div style={{ fontSize: 14, marginTop: 2 }}>
              {i.correct_content !== null && (
                <span style={{ color: '#389e0d', marginRight: 16 }}>正解: {i.correct_content}</span>
              )}
              {i.choices.map((ch) => (
                <span key={ch.index} style={{ color: '#cf1322', marginRight: 16 }}>
                  {ch.content}（{ch.student_count}人）
                </span>
              ))}
              <span style={muted}>/ 回答 {i.answer_count}人</span>
            </div>
          </li>
        ))}
      </ol>
    </Section>
  );
}
