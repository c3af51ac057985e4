import { ThunderboltOutlined } from '@ant-design/icons';
import { exerciseTypeLabels, type CallOutput, type ExerciseType, type getSoundInsights } from '@ondoku/contract';
import { Button, Checkbox, Empty, Spin, Table, Tag, type TableColumnsType } from 'antd';
import { useMemo, useState, type CSSProperties } from 'react';
import { readFailure } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { useSoundInsights } from '../api';
import { DASH, Panel, StatsFilters, muted, scopeOf, useStatsFilters } from './parts';
import { ExportButton } from './export-button';
import { StatisticsNav } from './stats-links';

type Insights = CallOutput<typeof getSoundInsights>;
type StudentRow = Insights['students'][number];

/** What the screen hands to the homework wizard: the chosen materials, the class and a title. */
export interface PracticeHomework {
  classId: number;
  title: string;
  resources: { id: number; title: string; type: ExerciseType }[];
}

const HEAT_SOUNDS = 12;

/**
 * /student-manage/intelligence (docs/learning-statistics.md): the sounds a class's children say
 * well and confuse, from the evaluator's phone judgements of their readings — each child's
 * strengths and weak sounds, the class heat map (sound × child: the share of weak judgements,
 * written in each cell), and one click from the class's worst sounds to a practice homework in
 * the distribution wizard, pre-filled with library material that trains them.
 */
export function Intelligence({ onMakeHomework }: { onMakeHomework: (h: PracticeHomework) => void }) {
  const filters = useStatsFilters();
  const { values } = filters;
  const params = scopeOf(values);
  const query = useSoundInsights(params);
  const data = query.data;
  const failure = readFailure(query);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 1100 }}>
      <StatisticsNav current={paths.intelligence.path} />
      <StatsFilters filters={filters} period={data}>
        <ExportButton input={params && { kind: 'learning-sounds', ...params }} />
      </StatsFilters>
      {!filters.classesLoading && filters.classes.length === 0 ? (
        <Empty description="クラスがありません。" />
      ) : (
        (failure ??
        (!data ? (
          <Spin style={{ display: 'block', margin: '48px auto' }} />
        ) : data.sounds.length === 0 ? (
          <Empty description="この期間の音読がまだありません。子どもが音読すると、発音の分析が表示されます。" />
        ) : (
          <InsightsBody data={data} onMakeHomework={onMakeHomework} />
        )))
      )}
    </div>
  );
}

function InsightsBody({ data, onMakeHomework }: { data: Insights; onMakeHomework: (h: PracticeHomework) => void }) {
  const label = useMemo(() => new Map(data.sounds.map((s) => [s.sound, s.label])), [data.sounds]);
  return (
    <>
      <PracticePanel data={data} label={label} onMakeHomework={onMakeHomework} />
      <Panel title="クラスの苦手な音（音 × 子ども）" extra={<HeatLegend />} testId="sound-heatmap">
        <HeatMap data={data} />
      </Panel>
      <Panel title="子どもごとの得意な音・苦手な音" testId="sound-students">
        <StudentTable rows={data.students} label={label} />
      </Panel>
      <Panel title="音ごとの判定" testId="sound-table">
        <Table
          size="small"
          rowKey="sound"
          pagination={false}

          dataSource={data.sounds}
          columns={[
            { title: '音', dataIndex: 'label' },
            { title: 'つまずきやすい点', dataIndex: 'hint' },
            { title: '判定数', dataIndex: 'judged', render: (n: number) => `${n}回` },
            { title: '苦手な判定の割合', dataIndex: 'weak_rate', render: (r: number) => `${r}%` },
            { title: '平均', dataIndex: 'score', render: (s: number) => `${s}点` },
          ]}
        />
      </Panel>
    </>
  );
}

function PracticePanel({
  data,
  label,
  onMakeHomework,
}: {
  data: Insights;
  label: Map<string, string>;
  onMakeHomework: (h: PracticeHomework) => void;
}) {
  const { sounds, resources } = data.practice;
  const [unchecked, setUnchecked] = useState<Set<number>>(new Set());
  const chosen = resources.filter((r) => !unchecked.has(r.resource_id));
  const soundNames = sounds.map((s) => label.get(s) ?? s);
  const make = () =>
    onMakeHomework({
      classId: data.team.team_id,
      title: `発音練習：${sounds.map((s) => (label.get(s) ?? s).replace(/（.*$/, '')).join('・')}`.slice(0, 40),
      resources: chosen.map((r) => ({ id: r.resource_id, title: r.title, type: r.type })),
    });
  return (
    <Panel title="クラスで練習したい音" testId="sound-practice">
      {sounds.length === 0 ? (
        <p style={{ ...muted, margin: 0 }}>苦手な音はまだ見つかっていません。</p>
      ) : (
        <>
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            {soundNames.map((n) => (
              <Tag key={n} color="volcano" style={{ fontSize: 14, padding: '2px 8px' }}>
                {n}
              </Tag>
            ))}
          </div>
          {resources.length === 0 ? (
            <p style={{ ...muted, margin: 0 }}>この音を練習できる教材が見つかりませんでした。</p>
          ) : (
            <>
              <ul
                style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 4 }}
              >
                {resources.map((r) => (
                  <li key={r.resource_id}>
                    <Checkbox
                      checked={!unchecked.has(r.resource_id)}
                      onChange={(e) =>
                        setUnchecked((prev) => {
                          const next = new Set(prev);
                          if (e.target.checked) next.delete(r.resource_id);
                          else next.add(r.resource_id);
                          return next;
                        })
                      }
                    >
                      <b>{r.title}</b>（{exerciseTypeLabels[r.type]}）
                      <span style={{ ...muted, marginLeft: 8 }}>{r.words.join(', ')}</span>
                    </Checkbox>
                  </li>
                ))}
              </ul>
              <div>
                <Button type="primary" icon={<ThunderboltOutlined />} disabled={chosen.length === 0} onClick={make}>
                  この音の練習宿題を作る
                </Button>
                <span style={{ ...muted, marginLeft: 12, fontSize: 12 }}>
                  宿題配信の画面に入力済みで開きます。内容を確認して配信してください。
                </span>
              </div>
            </>
          )}
        </>
      )}
    </Panel>
  );
}

/** A weak share 0–100 % as a cell colour: white to Okabe–Ito vermillion, the number written in. */
const heat = (rate: number): CSSProperties => {
  const a = Math.min(1, rate / 100);
  return { background: `rgba(213, 94, 0, ${(0.08 + 0.8 * a).toFixed(2)})`, color: a > 0.5 ? '#fff' : '#000' };
};
const cell: CSSProperties = {
  border: '1px solid #e8e8e8',
  padding: '3px 6px',
  textAlign: 'center',
  whiteSpace: 'nowrap',
};

function HeatLegend() {
  return (
    <span style={{ display: 'inline-flex', gap: 4, alignItems: 'center', fontSize: 12 }}>
      苦手な判定の割合
      {[0, 25, 50, 75, 100].map((r) => (
        <span key={r} style={{ ...cell, ...heat(r), display: 'inline-block', minWidth: 36 }}>
          {r}%
        </span>
      ))}
    </span>
  );
}

function HeatMap({ data }: { data: Insights }) {
  const [all, setAll] = useState(false);
  const sounds = all ? data.sounds : data.sounds.slice(0, HEAT_SOUNDS);
  return (
    <>
      <div style={{ overflowX: 'auto' }}>
        <table style={{ borderCollapse: 'collapse', fontSize: 13 }} aria-label="音 × 子どもの苦手な判定の割合">
          <thead>
            <tr>
              <th style={{ ...cell, textAlign: 'left' }} scope="col">
                名前
              </th>
              {sounds.map((s) => (
                <th key={s.sound} style={cell} scope="col" title={`${s.label}：${s.hint}`}>
                  {s.label.replace(/（.*$/, '')}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr style={{ fontWeight: 600 }}>
              <th style={{ ...cell, textAlign: 'left' }} scope="row">
                クラス
              </th>
              {sounds.map((s) => (
                <td key={s.sound} style={{ ...cell, ...heat(s.weak_rate) }} title={`${s.judged}回中 ${s.weak_rate}%`}>
                  {Math.round(s.weak_rate)}
                </td>
              ))}
            </tr>
            {data.students.map((st) => {
              const cells = new Map(st.cells.map((c) => [c.sound, c]));
              return (
                <tr key={st.student_id}>
                  <th style={{ ...cell, textAlign: 'left', fontWeight: 400 }} scope="row">
                    {st.name}
                  </th>
                  {sounds.map((s) => {
                    const c = cells.get(s.sound);
                    return c ? (
                      <td
                        key={s.sound}
                        style={{ ...cell, ...heat(c.weak_rate) }}
                        title={`${c.judged}回中 ${c.weak_rate}%`}
                      >
                        {Math.round(c.weak_rate)}
                      </td>
                    ) : (
                      <td key={s.sound} style={{ ...cell, color: 'rgba(0,0,0,0.4)' }}>
                        {DASH}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {data.sounds.length > HEAT_SOUNDS && (
        <Button type="link" style={{ alignSelf: 'flex-start', padding: 0 }} onClick={() => setAll(!all)}>
          {all ? `苦手な順に${HEAT_SOUNDS}音だけ表示` : `すべての音（${data.sounds.length}音）を表示`}
        </Button>
      )}
    </>
  );
}

function StudentTable({ rows, label }: { rows: StudentRow[]; label: Map<string, string> }) {
  const tags = (sounds: string[], color: string) =>
    sounds.length === 0 ? (
      <span style={muted}>{DASH}</span>
    ) : (
      sounds.map((s) => (
        <Tag key={s} color={color}>
          {label.get(s) ?? s}
        </Tag>
      ))
    );
  const columns: TableColumnsType<StudentRow> = [
    { title: '番号', dataIndex: 'number', width: 64, render: (n: string | null) => n ?? DASH },
    { title: '名前', dataIndex: 'name' },
    { title: '得意な音', dataIndex: 'strengths', render: (s: string[]) => tags(s, 'blue') },
    { title: '苦手な音', dataIndex: 'weak', render: (s: string[]) => tags(s, 'volcano') },
    { title: '判定数', dataIndex: 'judged', render: (n: number) => `${n}回` },
  ];
  return (
    <Table
      size="small"
      rowKey="student_id"
      columns={columns}
      dataSource={rows}
      pagination={false}

      locale={{ emptyText: 'このクラスには子どもがいません。' }}
    />
  );
}
