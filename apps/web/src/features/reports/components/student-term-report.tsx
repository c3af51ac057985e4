import { StampRow } from '@ondoku/ui/stamps';
import { Spin } from 'antd';
import { useState } from 'react';
import { readFailure } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useStudentReport } from '../api';
import { ScoreLine } from './charts';
import { Figure, md, minutes, ReportFrame, reportPeriodParams, type ReportPeriod } from './report-frame';

/**
 * A child's term report for the guardians (docs/rankings.md, "Reports"): homework done, scores
 * over the weeks (chart and table), best recordings, words mastered and still missed, and the
 * teacher's last encouragement; printable on A4.
 */
export function StudentTermReport({ loginId }: { loginId: string }) {
  const [period, setPeriod] = useState<ReportPeriod>({});
  const params = reportPeriodParams(period);
  const report = useStudentReport(params && { student_id: loginId, ...params });
  const failure = readFailure(report, { backTo: paths.studentOverview.path, backLabel: '児童一覧へ' });
  if (failure) return failure;
  const r = report.data;
  if (!r) return <Spin style={{ display: 'block', margin: 48 }} />;
  const weeks = r.scores_over_time.map((w) => ({ label: `${md(w.week)}の週`, value: w.average_score }));
  return (
    <ReportFrame
      title={`${r.student.name}さんの学習レポート（${r.period.label} ${formatDate(r.period.start_date + 'T00:00:00+09:00')}〜${formatDate(r.period.end_date + 'T00:00:00+09:00')}）`}
      period={period}
      onPeriod={setPeriod}
    >
      <section>
        <div style={{ color: 'rgba(0,0,0,0.6)', marginBottom: 8 }}>
          {[r.student.grade_name, r.student.class_name, r.student.number && `${r.student.number}番`]
            .filter(Boolean)
            .join(' ')}
          {r.student.teams.length > 0 && `（${r.student.teams.map((t) => t.name).join('、')}）`}
        </div>
        <div className="figures">
          <Figure label="提出した宿題" value={`${r.homework.submitted} / ${r.homework.assigned}`} />
          <Figure label="提出率" value={r.homework.rate === null ? 'ー' : `${r.homework.rate}%`} />
          <Figure label="練習回数" value={`${r.totals.submissions}回`} />
          <Figure label="平均点" value={r.totals.average_score === null ? 'ー' : `${r.totals.average_score}点`} />
          <Figure label="録音時間" value={minutes(r.totals.duration_ms)} />
          <Figure label="ポイント" value={`${r.totals.points}pt`} />
          <Figure label="最長連続日数" value={`${r.totals.longest_streak}日`} />
        </div>
      </section>
      <section>
        <h2>得点の推移</h2>
        {weeks.length ? <ScoreLine rows={weeks} /> : <p>この期間の練習はまだありません。</p>}
        {weeks.length > 0 && (
          <table className="plain" data-testid="score-table">
            <thead>
              <tr>
                <th>週</th>
                <th className="num">平均点</th>
                <th className="num">練習回数</th>
              </tr>
            </thead>
            <tbody>
              {r.scores_over_time.map((w) => (
                <tr key={w.week}>
                  <td>{md(w.week)}の週</td>
                  <td className="num">{w.average_score ?? 'ー'}点</td>
                  <td className="num">{w.submissions}回</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section>
        <h2>よくできた録音</h2>
        {r.best_recordings.length === 0 && <p>まだありません。</p>}
        <table className="plain">
          <tbody>
            {r.best_recordings.map((b) => (
              <tr key={b.attempt_id}>
                <td>{b.title}</td>
                <td className="num">{b.score.toFixed(1)}点</td>
                <td>{formatDateTime(b.created_at)}</td>
                <td className="no-print">
                  {b.recording_url && (
                    <audio controls preload="none" src={b.recording_url} aria-label={`${b.title}の録音`} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }}>
        <section>
          <h2>読めるようになった単語</h2>
          {r.words_mastered.length ? (
            <ul className="words" data-testid="words-mastered">
              {r.words_mastered.map((w) => (
                <li key={w.word} style={{ background: '#f6ffed', border: '1px solid #b7eb8f' }}>
                  {w.word}
                </li>
              ))}
            </ul>
          ) : (
            <p>まだありません。</p>
          )}
        </section>
        <section>
          <h2>もう少しの単語</h2>
          {r.words_missed.length ? (
            <ul className="words" data-testid="words-missed">
              {r.words_missed.map((w) => (
                <li key={w.word} style={{ background: '#fff1f0', border: '1px solid #ffccc7' }}>
                  {w.word}（{w.miss_count}回）
                </li>
              ))}
            </ul>
          ) : (
            <p>ありません。</p>
          )}
        </section>
      </div>
      <section>
        <h2>先生から</h2>
        {r.teacher_comment ? (
          <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
            <StampRow ids={r.teacher_comment.motivation_ids} size={64} />
            <p style={{ fontSize: 16, margin: 0 }}>{r.teacher_comment.body}</p>
          </div>
        ) : (
          <p>この期間のはげましはまだありません。ランキング画面の「はげましを送る」から送れます。</p>
        )}
      </section>
    </ReportFrame>
  );
}
