import { wordStatusLabels, type CallOutput, type getWordProgress } from '@ondoku/contract';
import { Empty, Select, Spin, Table, Tag, type TableColumnsType } from 'antd';
import type { CSSProperties } from 'react';
import { readFailure } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { useWordProgress } from '../api';
import {
  BandLegend,
  DASH,
  Panel,
  StatsFilters,
  bandOf,
  bandStyle,
  muted,
  scoreLabel,
  scopeOf,
  useStatsFilters,
} from './parts';
import { ExportButton } from './export-button';
import { StatisticsNav } from './stats-links';

type WordProgressData = CallOutput<typeof getWordProgress>;
type WordRow = WordProgressData['words'][number];

/**
 * /statistics/word-progress (docs/learning-statistics.md): per word of a word-book part, each
 * child's best reading of the word (mastered ≥ 80, practising ≥ 60, missing below, or not read),
 * the class × word grid coloured by those bands (with the score and a symbol written in, for
 * colour-blind readers and print) and the words the class misses most.
 */
export function WordProgress() {
  const filters = useStatsFilters();
  const { values, set } = filters;
  const book = values.extra.get('book_code') ?? undefined;
  const part = Number(values.extra.get('part')) || undefined;
  const scope = scopeOf(values);
  const params = scope && { ...scope, ...(book ? { book_code: book } : {}), ...(part ? { part } : {}) };
  const query = useWordProgress(params);
  const data = query.data;
  const failure = readFailure(query);
  const current = data?.books.find((b) => b.code === data.book_code);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 1100 }}>
      <StatisticsNav current={paths.wordProgress.path} />
      <StatsFilters filters={filters} period={data}>
        {data && data.books.length > 0 && (
          <>
            <Select
              aria-label="単語帳"
              style={{ width: 200 }}
              value={data.book_code ?? undefined}
              onChange={(v: string) => set({ book_code: v, part: 1 })}
              options={data.books.map((b) => ({ value: b.code, label: b.title }))}
            />
            <Select
              aria-label="パート"
              style={{ width: 110 }}
              value={data.part ?? 1}
              onChange={(v: number) => set({ part: v })}
              options={Array.from({ length: current?.max_part ?? 1 }, (_, i) => ({
                value: i + 1,
                label: `パート${i + 1}`,
              }))}
            />
          </>
        )}
        <ExportButton
          input={
            params && {
              kind: 'learning-words',
              ...params,
              ...(data?.book_code ? { book_code: data.book_code, part: data.part ?? 1 } : {}),
            }
          }
        />
      </StatsFilters>
      {!filters.classesLoading && filters.classes.length === 0 ? (
        <Empty description="クラスがありません。" />
      ) : (
        (failure ??
        (!data ? (
          <Spin style={{ display: 'block', margin: '48px auto' }} />
        ) : data.book_code === null ? (
          <Empty description="単語帳がまだありません。" />
        ) : (
          <WordBody data={data} />
        )))
      )}
    </div>
  );
}

function WordBody({ data }: { data: WordProgressData }) {
  const missed = data.most_missed.map((id) => data.words.find((w) => w.word_id === id)!).filter(Boolean);
  return (
    <>
      <Panel title="よく間違える単語" testId="word-most-missed">
        {missed.length === 0 ? (
          <p style={{ ...muted, margin: 0 }}>苦手な子どもがいる単語はありません。</p>
        ) : (
          <ol style={{ margin: 0, paddingLeft: 20, display: 'flex', gap: '4px 24px', flexWrap: 'wrap' }}>
            {missed.map((w) => (
              <li key={w.word_id}>
                <b>{w.word}</b>（{w.meaning}）苦手 {w.missing}人・平均 {scoreLabel(w.class_score)}
              </li>
            ))}
          </ol>
        )}
      </Panel>
      <Panel title="クラス × 単語（いちばん良い読みの得点）" extra={<BandLegend />} testId="word-grid">
        <WordGrid data={data} />
      </Panel>
      <Panel title="単語ごとの人数" testId="word-table">
        <WordTable words={data.words} />
      </Panel>
    </>
  );
}

const cell: CSSProperties = {
  border: '1px solid #e8e8e8',
  padding: '3px 6px',
  textAlign: 'center',
  whiteSpace: 'nowrap',
};

function ScoreCell({ score }: { score: number | null }) {
  if (score === null)
    return (
      <td style={{ ...cell, background: '#F2F2F2', color: 'rgba(0,0,0,0.45)' }} title="未練習">
        {DASH}
      </td>
    );
  const b = bandStyle[bandOf(score)];
  return (
    <td style={{ ...cell, background: b.background, color: b.color }} title={`${score}点`}>
      {b.symbol}
      {Math.round(score)}
    </td>
  );
}

function WordGrid({ data }: { data: WordProgressData }) {
  if (data.words.length === 0) return <p style={{ ...muted, margin: 0 }}>このパートには単語がありません。</p>;
  if (data.students.length === 0) return <p style={{ ...muted, margin: 0 }}>このクラスには子どもがいません。</p>;
  return (
    <div style={{ overflowX: 'auto' }}>
      <table style={{ borderCollapse: 'collapse', fontSize: 13 }} aria-label="クラス × 単語の得点">
        <thead>
          <tr>
            <th style={{ ...cell, textAlign: 'left' }} scope="col">
              名前
            </th>
            {data.words.map((w) => (
              <th key={w.word_id} style={cell} scope="col" title={w.meaning}>
                {w.word}
              </th>
            ))}
            <th style={cell} scope="col">
              習得 / 練習中 / 苦手
            </th>
          </tr>
        </thead>
        <tbody>
          <tr style={{ fontWeight: 600 }}>
            <th style={{ ...cell, textAlign: 'left' }} scope="row">
              クラス平均
            </th>
            {data.words.map((w) => (
              <ScoreCell key={w.word_id} score={w.class_score} />
            ))}
            <td style={cell} />
          </tr>
          {data.students.map((s) => (
            <tr key={s.student_id}>
              <th style={{ ...cell, textAlign: 'left', fontWeight: 400 }} scope="row">
                {s.name}
              </th>
              {s.scores.map((x, i) => (
                <ScoreCell key={data.words[i]!.word_id} score={x} />
              ))}
              <td style={cell}>
                {s.mastered} / {s.practising} / {s.missing}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function WordTable({ words }: { words: WordRow[] }) {
  const columns: TableColumnsType<WordRow> = [
    { title: '単語', dataIndex: 'word', render: (w: string) => <b>{w}</b> },
    { title: '意味', dataIndex: 'meaning' },
    {
      title: 'クラス平均',
      dataIndex: 'class_score',
      sorter: (a, b) => (a.class_score ?? -1) - (b.class_score ?? -1),
      render: scoreLabel,
    },
    ...(['mastered', 'practising', 'missing', 'untouched'] as const).map((k) => ({
      title: wordStatusLabels[k],
      dataIndex: k,
      sorter: (a: WordRow, b: WordRow) => a[k] - b[k],
      render: (n: number) => (k === 'missing' && n > 0 ? <Tag color="volcano">{n}人</Tag> : `${n}人`),
    })),
  ];
  return <Table size="small" rowKey="word_id" columns={columns} dataSource={words} pagination={false} />;
}
