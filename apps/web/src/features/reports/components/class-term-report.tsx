import { Spin } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { readFailure } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/dates';
import { useClassReport } from '../api';
import { CountBars } from './charts';
import { Figure, md, ReportFrame, reportPeriodParams, type ReportPeriod } from './report-frame';

/**
 * A class's term report for the teacher (docs/rankings.md, "Reports"): participation by week,
 * the score distribution, the hardest words, the most improved and each child's figures; every
 * chart with its table, printable on A4.
 */
export function ClassTermReport({ classId }: { classId: number }) {
  const [period, setPeriod] = useState<ReportPeriod>({});
  const params = reportPeriodParams(period);
  const report = useClassReport(params && { team_id: classId, ...params });
  const failure = readFailure(report, { backTo: paths.ranking.path, backLabel: 'ランキングへ' });
  if (failure) return failure;
  const r = report.data;
  if (!r) return <Spin style={{ display: 'block', margin: 48 }} />;
  const p = r.participation;
  return (
    <ReportFrame
      title={`${r.team.name} クラスレポート（${r.period.label} ${formatDate(r.period.start_date + 'T00:00:00+09:00')}〜${formatDate(r.period.end_date + 'T00:00:00+09:00')}）`}
      period={period}
      onPeriod={setPeriod}
    >
      <section>
        <div className="figures">
          <Figure label="児童数" value={`${p.student_count}人`} />
          <Figure label="練習した児童" value={`${p.active_count}人`} />
          <Figure label="参加率" value={p.rate === null ? 'ー' : `${p.rate}%`} />
        </div>
      </section>
      <section>
        <h2>週ごとの参加人数</h2>
        {p.weekly.length ? (
          <>
            <CountBars
              rows={p.weekly.map((w) => ({ label: `${md(w.week)}の週`, value: w.active_count }))}
              unit="人"
              label="参加人数"
            />
            <table className="plain">
              <thead>
                <tr>
                  <th>週</th>
                  <th className="num">練習した児童</th>
                </tr>
              </thead>
              <tbody>
                {p.weekly.map((w) => (
                  <tr key={w.week}>
                    <td>{md(w.week)}の週</td>
                    <td className="num">{w.active_count}人</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ) : (
          <p>この期間の練習はまだありません。</p>
        )}
      </section>
      <section>
        <h2>得点の分布（教材ごとの最高点の平均）</h2>
        <CountBars
          rows={r.score_distribution.map((b) => ({ label: b.label, value: b.count }))}
          unit="人"
          label="人数"
        />
        <table className="plain" data-testid="distribution-table">
          <tbody>
            <tr>
              {r.score_distribution.map((b) => (
                <th key={b.key} className="num">
                  {b.label}
                </th>
              ))}
            </tr>
            <tr>
              {r.score_distribution.map((b) => (
                <td key={b.key} className="num">
                  {b.count}人
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </section>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }}>
        <section>
          <h2>むずかしかった単語</h2>
          <table className="plain">
            <thead>
              <tr>
                <th>単語</th>
                <th className="num">まちがえた児童</th>
                <th className="num">回数</th>
              </tr>
            </thead>
            <tbody>
              {r.hardest_words.map((w) => (
                <tr key={w.word}>
                  <td>{w.word}</td>
                  <td className="num">{w.student_count}人</td>
                  <td className="num">{w.miss_count}回</td>
                </tr>
              ))}
            </tbody>
          </table>
          {!r.hardest_words.length && <p>ありません。</p>}
        </section>
        <section>
          <h2>のびた児童</h2>
          <table className="plain">
            <thead>
              <tr>
                <th>名前</th>
                <th className="num">前半</th>
                <th className="num">後半</th>
                <th className="num">のび</th>
              </tr>
            </thead>
            <tbody>
              {r.most_improved.map((s) => (
                <tr key={s.student_id}>
                  <td>{s.name}</td>
                  <td className="num">{s.first_average}点</td>
                  <td className="num">{s.last_average}点</td>
                  <td className="num">+{s.delta}点</td>
                </tr>
              ))}
            </tbody>
          </table>
          {!r.most_improved.length && <p>期間の前半と後半の両方で練習した児童はまだいません。</p>}
        </section>
      </div>
      <section>
        <h2>児童ごと</h2>
        <table className="plain" data-testid="class-students">
          <thead>
            <tr>
              <th>出席番号</th>
              <th>名前</th>
              <th className="num">練習回数</th>
              <th className="num">平均点</th>
              <th className="num">提出した宿題</th>
              <th className="num">ポイント</th>
            </tr>
          </thead>
          <tbody>
            {r.students.map((s) => (
              <tr key={s.student_id}>
                <td>{s.number ?? ''}</td>
                <td>
                  <Link to={paths.studentTermReport.getHref(s.student_id)}>{s.name}</Link>
                </td>
                <td className="num">{s.submissions}回</td>
                <td className="num">{s.average_score === null ? 'ー' : `${s.average_score}点`}</td>
                <td className="num">{s.homework_done}</td>
                <td className="num">{s.points}pt</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </ReportFrame>
  );
}
