import { exerciseTypeLabels, type HardWord } from '@ondoku/contract';
import { Spin, Tag } from 'antd';
import { Link } from 'react-router';
import { Figure, panel, Score, Section } from '@ondoku/ui';
import { readFailure } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { useQuestionOverview, useTopicOverview } from '../api';
import { ScoreChart } from './score-chart';
import { BandLegend, muted, num, td, th } from './score';

const typeLabel = (type: string) =>
  type === 'word_test' ? '単語テスト' : (exerciseTypeLabels[type as keyof typeof exerciseTypeLabels] ?? type);

function Words({ words }: { words: HardWord[] }) {
  if (words.length === 0) return <span style={{ color: 'rgba(0,0,0,0.35)' }}>—</span>;
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      {words.map((w) => (
        <Tag key={w.word} color="red" style={{ marginInlineEnd: 0 }} lang="en">
          {w.word} <span style={{ opacity: 0.7 }}>×{w.student_count}</span>
        </Tag>
      ))}
    </span>
  );
}

/** One topic of a homework: per child (practice, best, last) and per question with the hardest words. */
export function TopicResults({ homeworkId, topicId }: { homeworkId: number; topicId: number }) {
  const topic = useTopicOverview(homeworkId, topicId);
  const questions = useQuestionOverview(homeworkId, topicId);
  const failure =
    readFailure(topic, { backTo: paths.homeworkDetails.getHref(homeworkId), backLabel: '宿題の結果へ戻る' }) ??
    readFailure(questions);
  if (failure) return failure;
  const t = topic.data;
  const q = questions.data;
  if (!t || !q) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const o = t.topic;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 1100 }}>
      <section style={{ ...panel, display: 'flex', gap: 24, flexWrap: 'wrap' }} aria-label="教材の概要">
        <div style={{ flex: '1 1 320px' }}>
          <div style={{ ...muted, fontSize: 13 }}>
            <Link to={paths.homeworkDetails.getHref(homeworkId)}>宿題の結果</Link> ／ {typeLabel(o.type)}
          </div>
          <h1 style={{ fontSize: 18, margin: '4px 0 12px' }}>{o.title}</h1>
          <div style={{ display: 'flex', gap: 20, flexWrap: 'wrap' }}>
            <Figure label="提出">
              {o.submitted_count}/{o.recipient_count}人
            </Figure>
            <Figure label="平均点">
              <Score value={o.average_score} average />
            </Figure>
            <Figure label="発音">
              <Score value={o.accuracy_score} average />
            </Figure>
            <Figure label="流暢さ">
              <Score value={o.fluency_score} average />
            </Figure>
            <Figure label="完成度">
              <Score value={o.integrity_score} average />
            </Figure>
          </div>
        </div>
        <div style={{ flex: '1 1 340px' }}>
          <div style={{ fontSize: 13, fontWeight: 500, marginBottom: 4 }}>得点分布（最高点）</div>
          <ScoreChart counts={o.distribution} label="得点分布" />
        </div>
      </section>

      <Section title="クラスで間違いが多かった単語">
        <div data-testid="topic-hard-words">
          <Words words={q.hardest_words} />
        </div>
        <div style={{ ...muted, fontSize: 12, marginTop: 8 }}>
          各生徒の最高点の解答で、発音が正しくない・読み飛ばしと判定された単語です（×人数）。先生が訂正した判定を反映しています。
        </div>
      </Section>

      <Section title="問題ごとの結果">
        <div style={{ overflowX: 'auto' }}>
          <table style={{ width: '100%', borderCollapse: 'collapse', fontSize: 13 }}>
            <thead>
              <tr style={muted}>
                <th style={th}>No.</th>
                <th style={th}>問題</th>
                <th style={{ ...th, textAlign: 'right' }}>解答数</th>
                <th style={{ ...th, textAlign: 'right' }}>平均点</th>
                <th style={{ ...th, textAlign: 'right' }}>正答率</th>
                <th style={th}>間違えやすい単語</th>
              </tr>
            </thead>
            <tbody>
              {q.rows.map((r) => (
                <tr key={r.question_id} data-testid="question-row">
                  <td style={td}>{r.question_id + 1}</td>
                  <td style={{ ...td, maxWidth: 360 }} lang="en">
                    {r.screen_text}
                  </td>
                  <td style={num}>{r.answer_count}</td>
                  <td style={num}>
                    <Score value={r.average_score} average />
                  </td>
                  <td style={num}>{r.correct_rate === null ? '—' : `${Math.round(r.correct_rate)}%`}</td>
                  <td style={td}>
                    <Words words={r.hardest_words} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section title="生徒ごとの結果" extra={<BandLegend />}>
        <div style={{ overflowX: 'auto' }}>
          <table style={{ width: '100%', borderCollapse: 'collapse', fontSize: 13 }}>
            <thead>
              <tr style={muted}>
                <th style={th}>番号</th>
                <th style={th}>氏名</th>
                <th style={{ ...th, textAlign: 'right' }}>練習回数</th>
                <th style={{ ...th, textAlign: 'right' }}>最高点</th>
                <th style={{ ...th, textAlign: 'right' }}>最終得点</th>
                <th style={th}>最終提出</th>
                <th style={th} />
              </tr>
            </thead>
            <tbody>
              {t.rows.map((s) => (
                <tr key={s.student_id} data-testid="student-row">
                  <td style={td}>{s.number ?? ''}</td>
                  <td style={td}>{s.name}</td>
                  <td style={num}>{s.practice_count}回</td>
                  <td style={num}>
                    <Score value={s.best_score} />
                  </td>
                  <td style={num}>
                    <Score value={s.last_score} />
                  </td>
                  <td style={{ ...td, ...muted }}>{s.last_at ? formatDateTime(s.last_at) : '未提出'}</td>
                  <td style={td}>
                    {s.practice_count > 0 && (
                      <Link to={paths.answerPaper.getHref(homeworkId, topicId, s.student_id)}>解答を見る</Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
    </div>
  );
}
