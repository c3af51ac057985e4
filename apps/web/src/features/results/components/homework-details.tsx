import {
  exerciseTypeLabels,
  homeworkStateLabels,
  resultsLimits,
  submissionLabel,
  type CallOutput,
  type getAllTopicOverview,
} from '@ondoku/contract';
import { Spin, Tag } from 'antd';
import { Link } from 'react-router';
import { panel, Score, Section } from '@ondoku/ui';
import { ListContainer } from '../../../components/ui/list-container';
import { readFailure } from '../../../components/ui/load-state';
import { useListState } from '../../../components/ui/use-list-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { useAllTopicOverview, useMatrixRows, useMatrixTopics } from '../api';
import { ScoreChart } from './score-chart';
import { BandLegend, bandBackground, bandOf, DASH, muted, num, td, th } from './score';

type Overview = CallOutput<typeof getAllTopicOverview>;

/** A required practice count makes "done" another figure than "submitted" (docs/results.md). */
const needsRounds = (required: number | null): required is number => required !== null && required > 1;

const stateColor = { scheduled: 'blue', open: 'green', overdue: 'orange', finished: 'default' } as const;
const typeLabel = (type: string) =>
  type === 'word_test' ? '単語テスト' : (exerciseTypeLabels[type as keyof typeof exerciseTypeLabels] ?? type);

/** /homework-details/:homeworkId: who submitted and how well, per topic, per child (docs/results.md). */
export function HomeworkDetails({
  homeworkId,
  actions,
  remind,
}: {
  homeworkId: number;
  actions?: React.ReactNode;
  /** The reminder to the children who have not submitted (given by the route: features do not import each other). */
  remind?: (unsubmitted: number) => React.ReactNode;
}) {
  const overview = useAllTopicOverview(homeworkId);
  const failure = readFailure(overview, { backTo: paths.homeworkList.path, backLabel: '宿題一覧へ戻る' });
  if (failure) return failure;
  const o = overview.data;
  if (!o) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 1100 }}>
      {actions && <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>{actions}</div>}
      <Summary o={o} />
      <TopicTable o={o} />
      <Matrix homeworkId={homeworkId} requiredTimes={o.required_times} />
      <Unsubmitted o={o} action={o.state !== 'scheduled' ? remind?.(o.unsubmitted.length) : undefined} />
      {needsRounds(o.required_times) && <Practicing o={o} />}
    </div>
  );
}

function Summary({ o }: { o: Overview }) {
  const rate = o.assigned_count ? Math.round((100 * o.submitted_count) / o.assigned_count) : 0;
  return (
    <section style={{ ...panel, display: 'flex', gap: 24, flexWrap: 'wrap' }} aria-label="宿題の概要">
      <div style={{ flex: '1 1 320px', minWidth: 0 }}>
        <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <Tag color={stateColor[o.state]}>{homeworkStateLabels[o.state]}</Tag>
          {o.origin_type === 'headquarters' && <Tag color="purple">本部</Tag>}
          <h1 style={{ fontSize: 18, margin: 0 }}>{o.title}</h1>
        </div>
        <div style={{ ...muted, marginTop: 6, fontSize: 13 }}>
          {o.team ? o.team.name : '個別の生徒'}
          <span style={{ margin: '0 8px' }}>|</span>
          {formatDateTime(o.start_time)} 〜 {formatDateTime(o.end_time)}
        </div>
        <div style={{ display: 'flex', gap: 32, marginTop: 16 }}>
          <div>
            <div style={{ ...muted, fontSize: 12 }}>提出率</div>
            <div data-testid="submission-rate" style={{ fontSize: 26, fontWeight: 600 }}>
              {rate}%
            </div>
            <div style={{ ...muted, fontSize: 12, whiteSpace: 'nowrap' }}>
              提出 {o.submitted_count}/{o.assigned_count}人
            </div>
          </div>
          <div>
            <div style={{ ...muted, fontSize: 12 }}>平均点</div>
            <div data-testid="homework-average" style={{ fontSize: 26 }}>
              <Score value={o.average_score} average />
            </div>
            <div style={{ ...muted, fontSize: 12 }}>提出した教材の最高点の平均</div>
          </div>
          {needsRounds(o.required_times) && (
            <div>
              <div style={{ ...muted, fontSize: 12 }}>練習完了</div>
              <div data-testid="done-count" style={{ fontSize: 26 }}>
                {o.done_count}
                <span style={{ fontSize: 14 }}>/{o.assigned_count}人</span>
              </div>
              <div style={{ ...muted, fontSize: 12, whiteSpace: 'nowrap' }}>必要練習回数 {o.required_times}回</div>
            </div>
          )}
        </div>
        <div
          role="progressbar"
          aria-label="提出率"
          aria-valuenow={rate}
          aria-valuemin={0}
          aria-valuemax={100}
          style={{ height: 8, background: '#eef1ef', borderRadius: 4, marginTop: 16, overflow: 'hidden' }}
        >
          <div style={{ width: `${rate}%`, height: '100%', background: rate === 100 ? '#52c41a' : '#1f7a5c' }} />
        </div>
      </div>
      <div style={{ flex: '1 1 360px' }}>
        <div style={{ fontSize: 13, fontWeight: 500, marginBottom: 4 }}>得点分布</div>
        <ScoreChart counts={o.distribution} label="得点分布" />
      </div>
    </section>
  );
}

function TopicTable({ o }: { o: Overview }) {
  return (
    <Section title="教材ごとの結果">
      <div style={{ overflowX: 'auto' }}>
        <table style={{ width: '100%', borderCollapse: 'collapse', fontSize: 13 }}>
          <thead>
            <tr style={muted}>
              <th style={th}>No.</th>
              <th style={th}>教材</th>
              <th style={th}>種類</th>
              <th style={{ ...th, textAlign: 'right' }}>提出</th>
              <th style={{ ...th, textAlign: 'right' }}>平均点</th>
              <th style={{ ...th, textAlign: 'right' }}>発音</th>
              <th style={{ ...th, textAlign: 'right' }}>流暢さ</th>
              <th style={{ ...th, textAlign: 'right' }}>完成度</th>
            </tr>
          </thead>
          <tbody>
            {o.topics.map((t) => (
              <tr key={t.topic_id} data-testid="topic-row">
                <td style={td}>{t.position}</td>
                <td style={td}>
                  <Link to={paths.homeworkTopicResults.getHref(o.homework_id, t.topic_id)}>{t.title}</Link>
                </td>
                <td style={{ ...td, ...muted }}>{typeLabel(t.type)}</td>
                <td style={num}>
                  {t.submitted_count}/{t.recipient_count}人
                </td>
                <td style={num}>
                  <Score value={t.average_score} average />
                </td>
                <td style={num}>
                  <Score value={t.accuracy_score} average />
                </td>
                <td style={num}>
                  <Score value={t.fluency_score} average />
                </td>
                <td style={num}>
                  <Score value={t.integrity_score} average />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

/**
 * The student × topic matrix: topics across (x), children down (y), 5 a page (the score overview's
 * page size).
 */
function Matrix({ homeworkId, requiredTimes }: { homeworkId: number; requiredTimes: number | null }) {
  const list = useListState(`results-matrix-${homeworkId}`, { pageSize: resultsLimits.matrixPageSize });
  const topics = useMatrixTopics(homeworkId);
  const rows = useMatrixRows({ homework_id: homeworkId, page: list.page, limit: list.pageSize });
  const x = topics.data?.rows ?? [];
  return (
    <Section
      title="生徒×教材の得点"
      extra={<BandLegend extra={<li style={{ color: 'rgba(0,0,0,0.45)' }}>{DASH} 未提出</li>} />}
    >
      <ListContainer
        query={topics.isError ? topics : rows}
        total={rows.data?.total ?? 0}
        list={list}
        totalText={(n) => `全${n}人`}
        emptyText="この宿題を受け取った生徒はいません。"
      >
        <div style={{ overflowX: 'auto' }}>
          <table data-testid="score-matrix" style={{ borderCollapse: 'collapse', fontSize: 13, minWidth: '100%' }}>
            <thead>
              <tr style={muted}>
                <th style={{ ...th, position: 'sticky', left: 0, background: '#fff' }}>生徒</th>
                {x.map((t) => (
                  <th key={t.topic_id} style={{ ...th, textAlign: 'center', maxWidth: 140 }} title={t.title}>
                    <div style={{ overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: 140 }}>
                      {t.position}. {t.title}
                    </div>
                  </th>
                ))}
                <th style={{ ...th, textAlign: 'right' }}>平均</th>
              </tr>
            </thead>
            <tbody>
              {rows.data?.rows.map((r) => (
                <tr key={r.student_id} data-testid="matrix-row">
                  <td style={{ ...td, position: 'sticky', left: 0, background: '#fff', whiteSpace: 'nowrap' }}>
                    <span style={{ ...muted, marginRight: 6 }}>{r.number ?? ''}</span>
                    {r.name}
                    {needsRounds(requiredTimes) && r.submitted && (
                      <div data-testid="matrix-rounds" style={{ ...muted, fontSize: 11 }}>
                        {submissionLabel({
                          submitted: true,
                          practice_count: r.practice_count,
                          required_times: requiredTimes,
                        })}
                      </div>
                    )}
                  </td>
                  {r.cells.map((c) => (
                    <td
                      key={c.topic_id}
                      data-testid="matrix-cell"
                      style={{
                        ...td,
                        textAlign: 'center',
                        background:
                          c.best_score === null ? undefined : bandBackground[bandOf(Math.round(c.best_score))],
                      }}
                    >
                      {c.best_score === null ? (
                        <span style={{ color: 'rgba(0,0,0,0.35)' }}>{DASH}</span>
                      ) : (
                        <Link
                          to={paths.answerPaper.getHref(homeworkId, c.topic_id, r.student_id)}
                          aria-label={`${r.name}の解答`}
                        >
                          <Score value={c.best_score} />
                        </Link>
                      )}
                    </td>
                  ))}
                  <td style={num} data-testid="matrix-average">
                    {/* The child's own score: whole points like the cells (class averages keep a decimal). */}
                    <Score value={r.average_score} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListContainer>
    </Section>
  );
}

function Unsubmitted({ o, action }: { o: Overview; action?: React.ReactNode }) {
  return (
    <Section title={`未提出の生徒（${o.unsubmitted.length}人）`} extra={action}>
      {o.unsubmitted.length === 0 ? (
        <div style={muted}>全員が提出しました。</div>
      ) : (
        <ul
          data-testid="unsubmitted"
          style={{ display: 'flex', flexWrap: 'wrap', gap: 8, listStyle: 'none', margin: 0, padding: 0 }}
        >
          {o.unsubmitted.map((s) => (
            <li key={s.student_id}>
              <Tag style={{ marginInlineEnd: 0 }}>
                {s.number && <span style={{ ...muted, marginRight: 4 }}>{s.number}</span>}
                {s.name}
              </Tag>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** Submitted, but short of the required practice count: 提出済み（練習 1/2回）. */
function Practicing({ o }: { o: Overview }) {
  return (
    <Section title={`必要練習回数に届いていない生徒（${o.practicing.length}人）`}>
      {o.practicing.length === 0 ? (
        <div style={muted}>提出した生徒は全員、必要練習回数を終えました。</div>
      ) : (
        <ul
          data-testid="practicing"
          style={{ display: 'flex', flexWrap: 'wrap', gap: 8, listStyle: 'none', margin: 0, padding: 0 }}
        >
          {o.practicing.map((s) => (
            <li key={s.student_id}>
              <Tag style={{ marginInlineEnd: 0 }}>
                {s.number && <span style={{ ...muted, marginRight: 4 }}>{s.number}</span>}
                {s.name}
                <span style={{ ...muted, marginLeft: 6 }}>
                  {submissionLabel({
                    submitted: true,
                    practice_count: s.practice_count,
                    required_times: o.required_times,
                  })}
                </span>
              </Tag>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
