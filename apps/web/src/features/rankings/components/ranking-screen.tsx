import { FileTextOutlined, PrinterOutlined } from '@ant-design/icons';
import { rankingKindLabels, rankingKinds, type RankingKind, type RankingRow } from '@ondoku/contract';
import { Button, Card, Empty, Select, Tabs } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { readFailure } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { useClassList } from '../../../lib/queries';
import { useSession } from '../../../lib/session';
import { useRanking } from '../api';
import { AchievementsPanel } from './achievements-panel';
import { EncourageDialog } from './encourage-dialog';
import { shortRange } from './format';
import { IntegralRules } from './integral-rules';
import { PeriodPicker, periodParams, type PeriodValue } from './period-picker';
import { PrivacyCard } from './privacy-card';
import { RankingChart } from './ranking-chart';
import { RankingTable } from './ranking-table';

type Tab = RankingKind | 'achievements';

/**
 * /ranking (docs/rankings.md): a class, a period and one of the four rankings (練習回数, 得点,
 * 録音時間, ポイント) as a chart and a table with each child's change; the children's view
 * (privacy), the integral points rule, the printable export, and がんばり with encouragement.
 */
export function RankingScreen() {
  const classes = useClassList();
  const guest = useSession()?.user.type === 'guest';
  const [classId, setClassId] = useState<number | null>(null);
  const [period, setPeriod] = useState<PeriodValue>({ period: 'week' });
  const [tab, setTab] = useState<Tab>('exercise_count');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<RankingRow[]>([]);
  const [sendTo, setSendTo] = useState<RankingRow[] | null | undefined>(undefined);

  const visible = (classes.data?.rows ?? []).filter((c) => !c.hidden);
  // The first class until the teacher picks one.
  const cls = visible.find((c) => c.team_id === classId) ?? visible[0] ?? null;
  const params = periodParams(period);
  const kind: RankingKind = tab === 'achievements' ? 'integral' : tab;
  const ranking = useRanking(
    kind,
    tab !== 'achievements' && cls && params ? { team_id: cls.team_id, ...params, page, limit: 20 } : null,
  );

  const reset = () => {
    setPage(1);
    setChosen([]);
  };
  const failure = readFailure(classes) ?? readFailure(ranking);
  if (failure) return failure;
  if (classes.data && !visible.length)
    return <Empty description="クラスがありません。クラス・ID編集でクラスを作ると、ランキングを見られます。" />;

  const printHref =
    cls && params ? `#${paths.integralRankingExport.getHref({ team_ids: [cls.team_id], ...params })}` : undefined;
  // Every visible class, one page each (the page's default without team_ids).
  const printAllHref = params ? `#${paths.integralRankingExport.getHref(params)}` : undefined;
  const data = ranking.data;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 1100 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <Select
          aria-label="クラス"
          style={{ width: 200 }}
          value={cls?.team_id}
          loading={classes.isLoading}
          onChange={(v: number) => {
            setClassId(v);
            reset();
          }}
          options={visible.map((c) => ({ value: c.team_id, label: c.name }))}
        />
        <PeriodPicker
          value={period}
          onChange={(v) => {
            setPeriod(v);
            reset();
          }}
        />
        <span style={{ flex: 1 }} />
        {cls && (
          <Link to={paths.classTermReport.getHref(cls.team_id)}>
            <Button icon={<FileTextOutlined />}>クラスレポート</Button>
          </Link>
        )}
        <Button icon={<PrinterOutlined />} href={printHref} target="_blank" disabled={!printHref}>
          ポイントランキングを印刷
        </Button>
        <Button href={printAllHref} target="_blank" disabled={!printAllHref}>
          全クラス
        </Button>
      </div>
      {data && (
        <div style={{ color: 'rgba(0,0,0,0.55)', fontSize: 13 }} data-testid="ranking-period">
          {data.period.label}（{shortRange(data.period.start_date, data.period.end_date)}）・前の期間（
          {shortRange(data.period.previous_start_date, data.period.previous_end_date)}）と比べた順位の変化
        </div>
      )}
      <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 270px', gap: 16, alignItems: 'start' }}>
        <Card size="small">
          <Tabs
            activeKey={tab}
            onChange={(k) => {
              setTab(k as Tab);
              reset();
            }}
            items={[
              ...rankingKinds.map((k) => ({ key: k, label: rankingKindLabels[k] })),
              { key: 'achievements', label: 'がんばり・はげまし' },
            ]}
          />
          {tab === 'achievements' && cls ? (
            <AchievementsPanel classId={cls.team_id} className={cls.name} period={params} guest={guest} />
          ) : (
            <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
              {data && <RankingChart kind={kind} rows={data.rows} />}
              {!guest && cls && (
                <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
                  <Button disabled={!chosen.length} onClick={() => setSendTo(chosen)}>
                    選んだ児童にはげましを送る（{chosen.length}人）
                  </Button>
                  <Button type="primary" onClick={() => setSendTo(null)} disabled={!data?.total}>
                    クラス全員にはげましを送る
                  </Button>
                </div>
              )}
              <RankingTable
                kind={kind}
                rows={data?.rows ?? []}
                total={data?.total ?? 0}
                page={page}
                limit={20}
                loading={ranking.isFetching}
                selected={chosen.map((r) => r.student_id)}
                onSelect={(_ids, rows) => setChosen(rows)}
                onPage={(p) => {
                  setPage(p);
                  setChosen([]);
                }}
              />
            </div>
          )}
        </Card>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
          {cls && <PrivacyCard key={cls.team_id} classId={cls.team_id} />}
          <Card size="small">
            <IntegralRules />
          </Card>
        </div>
      </div>
      {cls && (
        <EncourageDialog
          open={sendTo !== undefined}
          classId={cls.team_id}
          className={cls.name}
          students={sendTo ?? null}
          source="ranking"
          onClose={() => {
            setSendTo(undefined);
            setChosen([]);
          }}
        />
      )}
    </div>
  );
}
