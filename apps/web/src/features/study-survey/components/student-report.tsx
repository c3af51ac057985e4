import { ArrowLeftOutlined, FileExcelOutlined, MailOutlined, SoundOutlined } from '@ant-design/icons';
import {
  emailField,
  gradeKumiLabel,
  homeworkTypeLabels,
  studyHomeworkStatusLabels,
  type CallOutput,
  type DownloadTaskRow,
  type getStudentStudyReport,
  type getSurveyHomeworkTopicList,
  type StudyHomeworkStatus,
  type StudyPeriod,
} from '@ondoku/contract';
import {
  Button,
  Drawer,
  Empty,
  Form,
  Input,
  Modal,
  Progress,
  Segmented,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
} from 'antd';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { Figure, panel, Score, Section } from '@ondoku/ui';
import { readFailure } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { zodRule } from '../../../lib/form';
import { useSession } from '../../../lib/session';
import {
  saveReportFile,
  useAnswerLogs,
  useExportHomeworkReport,
  useExportStudyReport,
  useStudentHomeworkReport,
  useStudyReport,
  useSurveyFilter,
  useSurveyHomework,
  useSurveyTopic,
  useTaskState,
} from '../api';
import { TrendChart } from './trend-chart';

/**
 * /homework/student-report?student_id=…: one child's study report (docs/study-survey.md): the
 * period (今月 / 今学期 / 今年度, the school year from April), the figures, the score trend, the
 * weakest words, the homework with each topic against the class, and the drill-down to a topic's
 * submissions and an item's answers with the recordings; エクセルで出力 and メールで送る make
 * the report as a download task (and mail it).
 */
type Report = CallOutput<typeof getStudentStudyReport>;
type HomeworkRow = CallOutput<typeof getSurveyHomeworkTopicList>['rows'][number];

const bandColor = (s: number) => (s >= 80 ? '#389e0d' : s >= 60 ? '#d48806' : '#cf1322');
const muted: CSSProperties = { color: 'rgba(0,0,0,0.55)' };
const DASH = '—';
/** The report's figures stand in boxes of their own. */
const figureBox: CSSProperties = { ...panel, padding: '12px 14px', minWidth: 0 };

const statusColor: Record<StudyHomeworkStatus, string> = { on_time: 'green', late: 'orange', unsubmitted: 'default' };

export function StudentReport({ loginId }: { loginId: string }) {
  const [period, setPeriod] = useState<StudyPeriod>('month');
  const filter = useSurveyFilter(loginId);
  const report = useStudyReport(loginId, period);
  const failure =
    readFailure(filter, { backTo: paths.studentOverview.path, backLabel: '生徒一覧へ戻る' }) ??
    readFailure(report, { backTo: paths.studentOverview.path, backLabel: '生徒一覧へ戻る' });
  if (failure) return failure;
  const f = filter.data;
  const r = report.data;
  if (!f || !r) return <Skeleton active />;
  const s = f.student;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <div style={{ ...panel, display: 'flex', alignItems: 'center', gap: 16, flexWrap: 'wrap' }}>
        <Link to={paths.studentDetails.getHref(s.student_id)} aria-label="生徒の詳細へ戻る">
          <Button icon={<ArrowLeftOutlined />} />
        </Link>
        <div style={{ flex: 1, minWidth: 200 }}>
          <div style={{ ...muted, fontSize: 12 }}>{s.furigana}</div>
          <h1 style={{ fontSize: 20, margin: 0 }}>{s.name} さんの学習レポート</h1>
          <div style={{ ...muted, fontSize: 12 }}>
            生徒ID {s.student_id}
            {s.grade_name || s.class_name ? `・${gradeKumiLabel(s.grade_name, s.class_name)}` : ''}
            {s.number ? `・出席番号 ${s.number}` : ''}
            {f.teams.length ? `・${f.teams.map((t) => t.name).join('、')}` : ''}
          </div>
        </div>
        <ReportExport loginId={s.student_id} period={period} />
      </div>

      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <Segmented
          aria-label="期間"
          value={period}
          onChange={(v) => setPeriod(v as StudyPeriod)}
          options={f.periods.map((p) => ({ value: p.value, label: p.label }))}
        />
        <span style={muted} data-testid="period-range">
          {r.period.name}（{formatDate(r.period.from)} 〜 {formatDate(new Date(new Date(r.period.to).getTime() - 1))}）
        </span>
      </div>

      <Figures report={r} />

      <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)', gap: 16 }}>
        <Section title={r.granularity === 'week' ? '平均点の推移（週ごと）' : '平均点の推移（月ごと）'}>
          <TrendChart points={r.trend} label="平均点の推移" />
        </Section>
        <Section title="苦手な単語">
          {r.weakest_words.length ? (
            <ol style={{ margin: 0, paddingLeft: 20 }} data-testid="weakest-words">
              {r.weakest_words.map((w) => (
                <li key={w.word} style={{ lineHeight: 1.9 }}>
                  <strong>{w.word}</strong>{' '}
                  <span style={muted}>
                    {w.missed}回 / {w.read}回
                  </span>
                </li>
              ))}
            </ol>
          ) : (
            <span style={muted}>この期間に間違えた単語はありません。</span>
          )}
        </Section>
      </div>

      <HomeworkTable key={period} loginId={s.student_id} period={period} statuses={f.statuses} />
    </Space>
  );
}

function Figures({ report: r }: { report: Report }) {
  const hw = r.homework;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: 12 }}>
      <div style={figureBox}>
        <Figure
          testId="figure-homework"
          label="宿題の提出"

          sub={`期限内 ${hw.on_time}件・期限後 ${hw.late}件・未提出 ${hw.unsubmitted}件`}
        >{`${hw.submitted} / ${hw.assigned}件`}</Figure>
      </div>
      <div style={figureBox}>
        <Figure testId="figure-rate" label="提出率">
          {hw.submission_rate === null ? DASH : `${Math.round(hw.submission_rate)}%`}
        </Figure>
      </div>
      <div style={figureBox}>
        <Figure testId="figure-average" label="平均点">
          {<Score value={r.average_score} average />}
        </Figure>
      </div>
      <div style={figureBox}>
        <Figure testId="figure-subscores" label="発音・流暢さ・完成度">
          {
            <span
              style={{ fontSize: 13, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 8, lineHeight: 1.6 }}
            >
              <span style={muted}>発音</span>
              <Score value={r.accuracy_score} average />
              <span style={muted}>流暢さ</span>
              <Score value={r.fluency_score} average />
              <span style={muted}>完成度</span>
              <Score value={r.integrity_score} average />
            </span>
          }
        </Figure>
      </div>
      <div style={figureBox}>
        <Figure
          testId="figure-practice"
          label="練習回数"

          sub={`宿題 ${r.practice.homework_count}回・自主練習 ${r.practice.self_count}回・録音 ${r.practice.recording_minutes}分`}
        >{`${r.practice.count}回`}</Figure>
      </div>
    </div>
  );
}

function HomeworkTable({
  loginId,
  period,
  statuses,
}: {
  loginId: string;
  period: StudyPeriod;
  statuses: { value: StudyHomeworkStatus; label: string }[];
}) {
  const [status, setStatus] = useState<StudyHomeworkStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [topic, setTopic] = useState<{ homeworkId: number; topicId: number } | null>(null);
  const list = useSurveyHomework({ student_id: loginId, period, status, page, limit: 10 });
  const failure = readFailure(list);
  return (
    <Section
      title="宿題"
      extra={
        <Select
          aria-label="状態"
          allowClear
          placeholder="すべての状態"
          style={{ width: 160 }}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={statuses}
        />
      }
    >
      {failure ?? (
        <Table<HomeworkRow>
          size="small"
          rowKey="homework_id"
          loading={list.isLoading}
          dataSource={list.data?.rows ?? []}
          locale={{ emptyText: <Empty description="この期間の宿題はありません。" /> }}
          pagination={{
            current: page,
            pageSize: 10,
            total: list.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
          expandable={{
            expandedRowRender: (row) => (
              <HomeworkCompare
                loginId={loginId}
                homeworkId={row.homework_id}
                onTopic={(topicId) => setTopic({ homeworkId: row.homework_id, topicId })}
              />
            ),
          }}
          columns={[
            {
              title: '宿題名',
              dataIndex: 'title',
              render: (v: string, row) => (
                <>
                  <div style={{ fontWeight: 500 }}>{v}</div>
                  <div style={{ ...muted, fontSize: 12 }}>
                    {homeworkTypeLabels[row.type]}
                    {row.team ? `・${row.team.name}` : ''}
                  </div>
                </>
              ),
            },
            {
              title: '配信日 〜 締切',
              width: 190,
              render: (_: unknown, row) => (
                <span style={{ fontSize: 13 }}>
                  {formatDate(row.start_time)} 〜
                  <br />
                  {formatDateTime(row.end_time)}
                </span>
              ),
            },
            {
              title: '状態',
              dataIndex: 'status',
              width: 116,
              render: (v: StudyHomeworkStatus) => <Tag color={statusColor[v]}>{studyHomeworkStatusLabels[v]}</Tag>,
            },
            {
              title: '教材',
              width: 70,
              align: 'right',
              render: (_: unknown, row) =>
                `${row.topics.filter((t) => t.practice_count > 0).length}/${row.topics.length}`,
            },
            {
              title: '得点',
              dataIndex: 'score',
              width: 70,
              align: 'right',
              render: (v: number | null) => <Score value={v} />,
            },
          ]}
          onRow={() => ({ 'data-testid': 'survey-homework-row' }) as never}
        />
      )}
      <TopicDrawer
        key={topic ? `${topic.homeworkId}-${topic.topicId}` : 'none'}
        loginId={loginId}
        target={topic}
        onClose={() => setTopic(null)}
      />
    </Section>
  );
}

/** One homework of the child against the class: per topic best score and class average. */
function HomeworkCompare({
  loginId,
  homeworkId,
  onTopic,
}: {
  loginId: string;
  homeworkId: number;
  onTopic(topicId: number): void;
}) {
  const report = useStudentHomeworkReport(loginId, homeworkId);
  const failure = readFailure(report);
  if (failure) return failure;
  const r = report.data;
  if (!r) return <Skeleton active paragraph={{ rows: 2 }} />;
  return (
    <div data-testid="homework-compare" style={{ padding: '4px 0' }}>
      <div style={{ display: 'flex', gap: 16, alignItems: 'center', marginBottom: 8, flexWrap: 'wrap' }}>
        <span>
          得点 <Score value={r.score} />
          （クラス平均 <Score value={r.class_average} average />）
        </span>
        <span style={muted}>
          提出 {r.homework.submitted_count}人 / {r.homework.assigned_count}人
          {r.submitted_at ? `・提出日時 ${formatDateTime(r.submitted_at)}` : ''}
        </span>
        <span style={{ flex: 1 }} />
        <HomeworkExport loginId={loginId} homeworkId={homeworkId} />
      </div>
      <table style={{ width: '100%', borderCollapse: 'collapse', fontSize: 13 }}>
        <thead>
          <tr style={{ background: '#fafafa' }}>
            {['教材', '練習回数', '最高点', 'クラス平均', '発音', '流暢さ', '完成度', ''].map((h) => (
              <th key={h} style={{ padding: '6px 8px', textAlign: h === '教材' ? 'left' : 'right', fontWeight: 500 }}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {r.topics.map((t) => (
            <tr key={t.topic_id} data-testid="compare-row" style={{ borderTop: '1px solid #f0f0f0' }}>
              <td style={{ padding: '6px 8px' }}>
                {t.position}. {t.title}
              </td>
              <td style={{ padding: '6px 8px', textAlign: 'right' }}>{t.practice_count}回</td>
              <td style={{ padding: '6px 8px', textAlign: 'right' }}>
                <Score value={t.best_score} />
              </td>
              <td style={{ padding: '6px 8px', textAlign: 'right' }}>
                <Score value={t.class_average} average />
              </td>
              <td style={{ padding: '6px 8px', textAlign: 'right' }}>
                <Score value={t.accuracy_score} />
              </td>
              <td style={{ padding: '6px 8px', textAlign: 'right' }}>
                <Score value={t.fluency_score} />
              </td>
              <td style={{ padding: '6px 8px', textAlign: 'right' }}>
                <Score value={t.integrity_score} />
              </td>
              <td style={{ padding: '6px 8px', textAlign: 'right' }}>
                <Button size="small" disabled={t.practice_count === 0} onClick={() => onTopic(t.topic_id)}>
                  提出を見る
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A topic's submissions, and one item's answers across them with the recordings. */
function TopicDrawer({
  loginId,
  target,
  onClose,
}: {
  loginId: string;
  target: { homeworkId: number; topicId: number } | null;
  onClose(): void;
}) {
  const [question, setQuestion] = useState<number | null>(null);
  const details = useSurveyTopic(loginId, target?.homeworkId ?? 0, target?.topicId ?? null);
  const logs = useAnswerLogs(loginId, target?.homeworkId ?? 0, target?.topicId ?? 0, target ? question : null);
  const d = details.data;
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size={640}
      title={d ? d.topic.title : '教材の提出'}
      destroyOnHidden
    >
      {readFailure(details) ??
        (!d ? (
          <Skeleton active />
        ) : (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <div style={muted}>
              {d.homework.title}・最高点 <Score value={d.topic.best_score} />
              ・クラス平均 <Score value={d.class_average} average />
            </div>
            <table style={{ width: '100%', borderCollapse: 'collapse', fontSize: 13 }} aria-label="提出の一覧">
              <thead>
                <tr style={{ background: '#fafafa' }}>
                  {['提出日時', '得点', '発音', '流暢さ', '完成度', '録音'].map((h) => (
                    <th
                      key={h}
                      style={{ padding: '6px 8px', textAlign: h === '提出日時' ? 'left' : 'right', fontWeight: 500 }}
                    >
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {d.attempts.map((a) => (
                  <tr key={a.attempt_id} data-testid="attempt-row" style={{ borderTop: '1px solid #f0f0f0' }}>
                    <td style={{ padding: '6px 8px' }}>
                      {formatDateTime(a.created_at)} {a.is_best && <Tag color="green">最高点</Tag>}
                    </td>
                    <td style={{ padding: '6px 8px', textAlign: 'right' }}>
                      <Score value={a.score} />
                    </td>
                    <td style={{ padding: '6px 8px', textAlign: 'right' }}>
                      <Score value={a.accuracy_score} />
                    </td>
                    <td style={{ padding: '6px 8px', textAlign: 'right' }}>
                      <Score value={a.fluency_score} />
                    </td>
                    <td style={{ padding: '6px 8px', textAlign: 'right' }}>
                      <Score value={a.integrity_score} />
                    </td>
                    <td style={{ padding: '6px 8px', textAlign: 'right' }}>{Math.round(a.duration_ms / 1000)}秒</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <div>
              <h3 style={{ fontSize: 14 }}>問題ごとの回答</h3>
              <Space wrap>
                {d.items.map((it) => (
                  <Button
                    key={it.question_id}
                    size="small"
                    type={question === it.question_id ? 'primary' : 'default'}
                    onClick={() => setQuestion(it.question_id)}
                  >
                    問題{it.question_id + 1}
                  </Button>
                ))}
              </Space>
            </div>
            {question !== null &&
              (readFailure(logs) ??
                (!logs.data ? (
                  <Skeleton active paragraph={{ rows: 2 }} />
                ) : (
                  <div data-testid="answer-logs">
                    {logs.data.item.text && <p style={{ fontSize: 15 }}>{logs.data.item.text}</p>}
                    {logs.data.rows.length === 0 && <span style={muted}>この問題の回答はありません。</span>}
                    {logs.data.rows.map((row) => (
                      <div
                        key={row.attempt_id}
                        data-testid="answer-log"
                        style={{ borderTop: '1px solid #f0f0f0', padding: '8px 0' }}
                      >
                        <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
                          <span style={muted}>{formatDateTime(row.created_at)}</span>
                          <Score value={row.score} />
                          {row.correct !== null && (
                            <Tag color={row.correct ? 'green' : 'red'}>{row.correct ? '正解' : '不正解'}</Tag>
                          )}
                          {row.is_best && <Tag color="green">最高点の提出</Tag>}
                        </div>
                        {row.words && (
                          <div style={{ margin: '6px 0', lineHeight: 2 }}>
                            {row.words
                              .filter((w) => w.type !== 'inserted')
                              .map((w, i) => (
                                <span
                                  key={i}
                                  data-word-type={w.type}
                                  style={{
                                    marginRight: 6,
                                    color: w.type === 'normal' ? bandColor(w.score) : '#cf1322',
                                    textDecoration: w.type === 'omitted' ? 'line-through' : undefined,
                                    borderBottom: w.type === 'mispronounced' ? '2px solid #cf1322' : undefined,
                                  }}
                                >
                                  {w.word}
                                </span>
                              ))}
                          </div>
                        )}
                        {row.sound_file ? (
                          <audio
                            controls
                            preload="none"
                            src={row.sound_file}
                            aria-label="録音を再生"
                            style={{ height: 32 }}
                          >
                            <SoundOutlined />
                          </audio>
                        ) : (
                          row.has_recording === false &&
                          row.answer_result === null && <span style={muted}>録音データがありません。</span>
                        )}
                      </div>
                    ))}
                  </div>
                )))}
          </Space>
        ))}
    </Drawer>
  );
}

/** Follows a report's download task: progress, then the file saved (or the mail sent). */
function TaskWindow({
  task,
  mailedTo,
  onClose,
}: {
  task: DownloadTaskRow | null;
  mailedTo: string | null;
  onClose(): void;
}) {
  const state = useTaskState(task?.task_id ?? null);
  const current = task ? (state.data ?? task) : null;
  const saved = useRef<number | null>(null);
  useEffect(() => {
    if (current?.status !== 'finished' || mailedTo || saved.current === current.task_id) return;
    saved.current = current.task_id;
    saveReportFile(current.task_id, current.file_name ?? 'report.xlsx').catch(() => {});
  }, [current, mailedTo]);
  return (
    <Modal
      open={current !== null}
      title={current?.title}
      onCancel={onClose}
      footer={[
        <Link key="manage" to={paths.downloadManage.path}>
          <Button>ダウンロード管理を開く</Button>
        </Link>,
        <Button key="close" type="primary" onClick={onClose}>
          閉じる
        </Button>,
      ]}
    >
      {current?.status === 'processing' && (
        <>
          <p>
            {mailedTo ? `ファイルを作成して ${mailedTo} に送ります。` : 'ファイルを作成しています。'}
            閉じても作成は続き、ダウンロード管理から受け取れます。
          </p>
          <Progress percent={current.progress} aria-label="作成の進み具合" />
        </>
      )}
      {current?.status === 'finished' && (
        <p data-testid="report-ready">
          {mailedTo
            ? `「${current.file_name}」を ${mailedTo} に送信しました。`
            : `「${current.file_name}」を保存しました。保存されない場合は、ダウンロード管理からもう一度ダウンロードできます。`}
        </p>
      )}
      {current?.status === 'failed' && (
        <p style={{ color: '#cf1322' }} data-testid="report-failed">
          {current.error ?? 'ファイルを作成できませんでした。'} ダウンロード管理から再試行できます。
        </p>
      )}
    </Modal>
  );
}

function useMailForm() {
  const session = useSession();
  const [form] = Form.useForm<{ email: string }>();
  return { form, canMail: session?.user.type !== 'guest', ownEmail: session?.user.email ?? '' };
}

/** エクセルで出力 / メールで送る of the study report for the chosen period. */
function ReportExport({ loginId, period }: { loginId: string; period: StudyPeriod }) {
  const exportReport = useExportStudyReport();
  const [task, setTask] = useState<{ row: DownloadTaskRow; email: string | null } | null>(null);
  const [mailing, setMailing] = useState(false);
  const { form, canMail, ownEmail } = useMailForm();
  const submitMail = async () => {
    const { email } = await form.validateFields();
    const r = await exportReport.mutateAsync({ student_id: loginId, period, email });
    setMailing(false);
    setTask({ row: r.task, email: r.email });
  };
  return (
    <Space wrap>
      <Button
        icon={<FileExcelOutlined />}
        loading={exportReport.isPending && !mailing}
        onClick={() =>
          exportReport.mutate(
            { student_id: loginId, period },
            { onSuccess: (r) => setTask({ row: r.task, email: null }) },
          )
        }
      >
        エクセルで出力
      </Button>
      {canMail && (
        <Button
          icon={<MailOutlined />}
          onClick={() => {
            form.setFieldsValue({ email: ownEmail });
            setMailing(true);
          }}
        >
          メールで送る
        </Button>
      )}
      <Modal
        open={mailing}
        title="学習レポートをメールで送る"
        okText="送信"
        cancelText="キャンセル"
        confirmLoading={exportReport.isPending}
        onOk={() => void submitMail().catch(() => {})}
        onCancel={() => setMailing(false)}
        destroyOnHidden
      >
        <p>この期間の学習レポート（Excel）を添付して送ります。児童の氏名と得点が含まれます。</p>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item label="送信先メールアドレス" name="email" rules={[zodRule(emailField)]}>
            <Input type="email" autoComplete="email" />
          </Form.Item>
        </Form>
      </Modal>
      <TaskWindow task={task?.row ?? null} mailedTo={task?.email ?? null} onClose={() => setTask(null)} />
    </Space>
  );
}

/** The report of one homework (the child against the class) as a file. */
function HomeworkExport({ loginId, homeworkId }: { loginId: string; homeworkId: number }) {
  const exportReport = useExportHomeworkReport();
  const [task, setTask] = useState<DownloadTaskRow | null>(null);
  return (
    <>
      <Button
        size="small"
        icon={<FileExcelOutlined />}
        loading={exportReport.isPending}
        onClick={() =>
          exportReport.mutate({ student_id: loginId, homework_id: homeworkId }, { onSuccess: (r) => setTask(r.task) })
        }
      >
        宿題レポートを出力
      </Button>
      <TaskWindow task={task} mailedTo={null} onClose={() => setTask(null)} />
    </>
  );
}
