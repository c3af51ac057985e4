import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { exerciseTypeLabels, selfPracticeLimits, type ExerciseType } from '@ondoku/contract';
import { Button, Drawer, Spin, Table } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Score } from '@ondoku/ui';
import { ListContainer } from '../../../components/ui/list-container';
import { readFailure } from '../../../components/ui/load-state';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useResourceDetails, useResourceLogs } from '../api';
import { DASH, duration, muted } from './parts';

interface Props {
  resourceId: number;
  title: string;
  classId: number | undefined;
  period: { start_date: string; end_date: string } | undefined;
  onClose(): void;
}

/**
 * One material drilled into: which children practised it in the period (best, average, last
 * score), and a child's attempts (or everyone's) with each item's score and recording.
 */
export function ResourceDrawer({ resourceId, title, classId, period, onClose }: Props) {
  const scope = {
    resource_id: resourceId,
    ...(classId === undefined ? {} : { team_id: classId }),
    ...(period ? { start_date: period.start_date, end_date: period.end_date } : {}),
  };
  const details = useResourceDetails(scope);
  const [student, setStudent] = useState<{ id: string; name: string } | null>(null);
  const [page, setPage] = useState(1);
  const logs = useResourceLogs({
    ...scope,
    ...(student ? { student_id: student.id } : {}),
    page,
    limit: selfPracticeLimits.logsPageSize,
  });
  const d = details.data;
  return (
    <Drawer open width={720} title={title} onClose={onClose} destroyOnHidden>
      {readFailure(details) ??
        (!d ? (
          <Spin style={{ display: 'block', margin: '48px auto' }} />
        ) : (
          <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
            <div style={{ ...muted, fontSize: 13 }}>
              {exerciseTypeLabels[d.resource.type as ExerciseType]}・{formatDate(`${d.start_date}T00:00:00+09:00`)}〜
              {formatDate(`${d.end_date}T00:00:00+09:00`)}・{d.totals.practised_student_count}人が
              {d.totals.session_count}回練習（平均 <Score value={d.totals.average_score} average />
              、最高 <Score value={d.totals.best_score} />）
            </div>
            <Table
              size="small"
              pagination={false}
              rowKey="student_id"
              dataSource={d.rows}
              locale={{ emptyText: 'この期間に練習した子どもはいません。' }}
              columns={[
                { title: '出席番号', align: 'right', render: (_, r) => r.number ?? DASH },
                { title: '氏名', dataIndex: 'name' },
                { title: '回数', align: 'right', render: (_, r) => `${r.session_count}回` },
                { title: '最高点', align: 'right', render: (_, r) => <Score value={r.best_score} /> },
                { title: '平均点', align: 'right', render: (_, r) => <Score value={r.average_score} average /> },
                { title: '最後', render: (_, r) => formatDate(r.last_at) },
                {
                  title: '',
                  render: (_, r) => (
                    <Button
                      size="small"
                      type={student?.id === r.student_id ? 'primary' : 'default'}
                      onClick={() => {
                        setStudent({ id: r.student_id, name: r.name });
                        setPage(1);
                      }}
                    >
                      記録を見る
                    </Button>
                  ),
                },
              ]}
            />
            <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <h3 style={{ fontSize: 14, margin: 0, flex: 1 }}>
                {student ? `${student.name}さんの記録` : 'すべての記録'}
              </h3>
              {student && (
                <Button
                  size="small"
                  onClick={() => {
                    setStudent(null);
                    setPage(1);
                  }}
                >
                  全員の記録
                </Button>
              )}
            </div>
            <ListContainer
              query={logs}
              total={logs.data?.total ?? 0}
              list={{ page, pageSize: selfPracticeLimits.logsPageSize, setPage }}
              emptyText="記録はありません。"
            >
              <ol style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="練習の記録">
                {(logs.data?.rows ?? []).map((r) => (
                  <li
                    key={r.attempt_id}
                    data-testid="practice-log"
                    style={{ borderTop: '1px solid #f0f0f0', padding: '8px 0' }}
                  >
                    <div style={{ display: 'flex', gap: 12, alignItems: 'baseline' }}>
                      <strong>{r.name}</strong>
                      <span style={{ ...muted, fontSize: 12 }}>{formatDateTime(r.created_at)}</span>
                      <span style={{ flex: 1 }} />
                      <Score value={r.score} />
                      <span style={{ ...muted, fontSize: 12 }}>{duration(r.duration_ms)}</span>
                    </div>
                    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginTop: 4 }}>
                      {r.answers.map((a) => (
                        <span
                          key={a.question_id}
                          style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontSize: 12 }}
                        >
                          {a.question_id + 1}. <Score value={a.score} />
                          {a.correct !== null && <span>{a.correct ? '○' : '×'}</span>}
                          {a.sound_file && (
                            <PlayButton url={a.sound_file} label={`${r.name}の${a.question_id + 1}番の録音を再生`} />
                          )}
                        </span>
                      ))}
                    </div>
                  </li>
                ))}
              </ol>
            </ListContainer>
          </div>
        ))}
    </Drawer>
  );
}

/** 録音を再生: plays the child's recording (a signed URL), press again to stop. */
function PlayButton({ url, label }: { url: string; label: string }) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  useEffect(() => () => audio.current?.pause(), []);
  const toggle = () => {
    if (playing) {
      audio.current?.pause();
      setPlaying(false);
      return;
    }
    audio.current ??= new Audio(url);
    audio.current.onended = () => setPlaying(false);
    audio.current.currentTime = 0;
    void audio.current.play().then(
      () => setPlaying(true),
      () => setPlaying(false),
    );
  };
  return (
    <Button
      size="small"
      type="text"
      aria-label={label}
      title="録音を再生"
      icon={playing ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
      onClick={toggle}
    />
  );
}
