import { CheckCircleFilled, InboxOutlined } from '@ant-design/icons';
import type { ClassRow, RolloverInput, RolloverPlan, RolloverReport } from '@ondoku/contract';
import {
  Alert,
  AutoComplete,
  Button,
  Card,
  Checkbox,
  Modal,
  Select,
  Space,
  Statistic,
  Steps,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useClassList } from '../../../lib/queries';
import { useCommitRollover, usePreviewRollover } from '../api';
import { downloadGraduatesXlsx } from '../api/export-students';
import { readRoster } from '../api/rollover-roster';
import { RolloverReportButton } from './rollover-records';

type Action = RolloverPlan['action'];
interface Choice {
  action: Action;
  /** The next class's name for 'next' (a continuing class's name joins that class). */
  name: string;
}

const actionOptions: { value: Action; label: string }[] = [
  { value: 'next', label: '次のクラスへ進む' },
  { value: 'split', label: '名簿で分ける' },
  { value: 'graduate', label: '全員卒業' },
  { value: 'keep', label: 'このまま続ける' },
];

/** 「4年1組」 → 「5年1組」; a 6年 class graduates; anything else goes on as it is. */
export function suggestChoice(name: string): Choice {
  const m = /^(.*?)([1-6１-６])(\s*年.*)$/.exec(name);
  if (!m) return { action: 'keep', name: '' };
  const n = Number(m[2]!.normalize('NFKC'));
  if (n >= 6) return { action: 'graduate', name: '' };
  return { action: 'next', name: `${m[1]}${n + 1}${m[3]}` };
}

/**
 * /student/year-rollover (年度更新): for each of this year's classes, where its children go next
 * (a new or continuing class, split by an uploaded roster, graduation, or the class goes on);
 * 学年 advance and 6年 graduate. One preview shows every change before anything is written; the
 * commit runs in one transaction and the report stays on screen (docs/classes.md).
 */
export function YearRollover() {
  const { data } = useClassList();
  const classes = useMemo(() => data?.rows ?? [], [data]);
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [advance, setAdvance] = useState(true);
  const [roster, setRoster] = useState<{
    file: string;
    assignments: { student_id: string; team_name: string }[];
  } | null>(null);
  const [rosterErrors, setRosterErrors] = useState<{ row: number; student_id: string; message: string }[]>([]);
  const [step, setStep] = useState(0);
  const [preview, setPreview] = useState<RolloverReport | null>(null);
  const [report, setReport] = useState<RolloverReport | null>(null);
  const previewCall = usePreviewRollover();
  const commit = useCommitRollover();
  const [modal, holder] = Modal.useModal();

  const choiceOf = (c: ClassRow) => choices[c.team_id] ?? suggestChoice(c.name);
  const setChoice = (c: ClassRow, patch: Partial<Choice>) =>
    setChoices((all) => ({ ...all, [c.team_id]: { ...choiceOf(c), ...patch } }));
  const keptNames = classes.filter((c) => choiceOf(c).action === 'keep').map((c) => c.name);
  const anySplit = classes.some((c) => choiceOf(c).action === 'split');

  const input = (): RolloverInput => ({
    plans: classes.map((c): RolloverPlan => {
      const ch = choiceOf(c);
      return ch.action === 'next'
        ? { team_id: c.team_id, action: 'next', ...(ch.name.trim() ? { name: ch.name.trim() } : {}) }
        : { team_id: c.team_id, action: ch.action };
    }),
    advance_grades: advance,
    assignments: anySplit ? (roster?.assignments ?? []) : [],
  });

  const runPreview = async () => {
    const r = await previewCall.mutateAsync(input());
    setPreview(r);
    setStep(1);
  };

  const confirmCommit = () =>
    modal.confirm({
      title: 'この内容で年度更新を実行しますか？',
      width: 520,
      content: (
        <ul style={{ paddingLeft: 18 }}>
          <li>新しいクラスを作り、生徒を次のクラスに入れます。</li>
          <li>
            卒業する生徒{preview?.graduates.length ?? 0}
            人のアカウントは閉じられ、ログインできなくなります（学習記録は残り、書き出せます）。
          </li>
          <li>
            今年度のクラス{preview?.archived_teams.length ?? 0}
            個は「昨年度のクラス」になり、一覧から消えて変更できなくなります。
          </li>
          <li>すべて一度に行われ、途中で失敗した場合は何も変わりません。</li>
        </ul>
      ),
      okText: '年度更新を実行',
      cancelText: 'キャンセル',
      onOk: async () => {
        const r = await commit.mutateAsync(input());
        setReport(r);
        setStep(2);
        notify.success('年度更新が完了しました。');
      },
    });

  const planColumns = [
    { title: '今年度のクラス', dataIndex: 'name', render: (v: string) => <strong>{v}</strong> },
    { title: '生徒数', dataIndex: 'student_count', width: 80, render: (v: number) => `${v}人` },
    {
      title: '来年度',
      key: 'action',
      width: 180,
      render: (_: unknown, c: ClassRow) => (
        <Select<Action>
          aria-label={`${c.name}の来年度`}
          style={{ width: 160 }}
          value={choiceOf(c).action}
          options={actionOptions}
          onChange={(action) => setChoice(c, { action })}
        />
      ),
    },
    {
      title: '次のクラス',
      key: 'next',
      render: (_: unknown, c: ClassRow) => {
        const ch = choiceOf(c);
        if (ch.action === 'next')
          return (
            <AutoComplete
              aria-label={`${c.name}の次のクラス`}
              style={{ width: 220 }}
              value={ch.name}
              placeholder="新しいクラス名、または続けるクラス"
              options={keptNames.filter((n) => n !== c.name).map((n) => ({ value: n, label: `${n}（続けるクラス）` }))}
              onChange={(name: string) => setChoice(c, { name })}
            />
          );
        if (ch.action === 'split')
          return <Typography.Text type="secondary">名簿ファイルの「新しいクラス」列で分けます</Typography.Text>;
        if (ch.action === 'graduate')
          return <Typography.Text type="secondary">全員が卒業し、アカウントを閉じます</Typography.Text>;
        return <Typography.Text type="secondary">生徒はこのクラスのまま（学年は進みます）</Typography.Text>;
      },
    },
  ];

  const moveColumns = [
    { title: '生徒ID', dataIndex: 'student_id' },
    { title: '氏名', dataIndex: 'name' },
    { title: '今年度', dataIndex: 'from_team' },
    { title: '来年度', dataIndex: 'to_team' },
    {
      title: '学年',
      key: 'grade',
      render: (_: unknown, m: RolloverReport['moves'][number]) =>
        m.grade_from === m.grade_to ? m.grade_from || '—' : `${m.grade_from} → ${m.grade_to}`,
    },
  ];
  const graduateColumns = [
    { title: '生徒ID', dataIndex: 'student_id' },
    { title: '氏名', dataIndex: 'name' },
    { title: 'クラス', dataIndex: 'from_team' },
    { title: '学年', dataIndex: 'grade_name' },
  ];

  const summary = (r: RolloverReport) => {
    const done = r.committed_at !== null;
    return (
      <>
        <Space size={32} style={{ marginBottom: 16 }} wrap>
          <Statistic title={done ? '作ったクラス' : '新しく作るクラス'} value={r.created_teams.length} suffix="個" />
          <Statistic
            title={done ? '次のクラスへ進んだ生徒' : '次のクラスへ進む生徒'}
            value={new Set(r.moves.map((m) => m.student_id)).size}
            suffix="人"
          />
          <Statistic title={done ? '卒業した生徒' : '卒業する生徒'} value={r.graduates.length} suffix="人" />
          <Statistic
            title={done ? '昨年度になったクラス' : '昨年度になるクラス'}
            value={r.archived_teams.length}
            suffix="個"
          />
        </Space>
        <Typography.Title level={5}>{done ? '作ったクラス' : '新しく作るクラス'}</Typography.Title>
        <div style={{ marginBottom: 12 }} data-testid="created-teams">
          {r.created_teams.length
            ? r.created_teams.map((n) => (
                <Tag key={n} color="green">
                  {n}
                </Tag>
              ))
            : 'なし'}
        </div>
        <Typography.Title level={5}>
          {done ? '昨年度になったクラス（変更できません）' : '昨年度になるクラス（一覧から消え、変更できなくなります）'}
        </Typography.Title>
        <div style={{ marginBottom: 12 }} data-testid="archived-teams">
          {r.archived_teams.length ? r.archived_teams.map((c) => <Tag key={c.team_id}>{c.name}</Tag>) : 'なし'}
        </div>
        {r.kept_teams.length > 0 && (
          <>
            <Typography.Title level={5}>このまま続けるクラス</Typography.Title>
            <div style={{ marginBottom: 12 }}>
              {r.kept_teams.map((c) => (
                <Tag key={c.team_id} color="blue">
                  {c.name}
                </Tag>
              ))}
            </div>
          </>
        )}
        <Typography.Title level={5}>生徒（{r.moves.length}件）</Typography.Title>
        <Table
          size="small"
          rowKey={(m) => `${m.student_id}:${m.from_team}`}
          columns={moveColumns}
          dataSource={r.moves}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          data-testid="moves"
        />
        <Typography.Title level={5}>
          {done ? '卒業した生徒' : '卒業する生徒'}（{r.graduates.length}人）
        </Typography.Title>
        <Table
          size="small"
          rowKey="student_id"
          columns={graduateColumns}
          dataSource={r.graduates}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          locale={{ emptyText: '卒業する生徒はいません。' }}
        />
      </>
    );
  };

  return (
    <Card>
      <Steps
        current={step}
        style={{ marginBottom: 24 }}
        items={[{ title: '次のクラスを決める' }, { title: '変更内容を確認' }, { title: '完了' }]}
      />
      {step === 0 && (
        <>
          <Typography.Paragraph>
            4月の年度更新です。今年度のクラスごとに、生徒が来年度に入るクラスを決めてください。
            実行する前に、すべての変更内容を確認できます（確認の段階では何も変わりません）。
          </Typography.Paragraph>
          <Table
            rowKey="team_id"
            size="middle"
            columns={planColumns}
            dataSource={classes}
            pagination={false}
            locale={{ emptyText: 'クラスがありません。' }}
          />
          <div style={{ margin: '16px 0' }}>
            <Checkbox checked={advance} onChange={(e) => setAdvance(e.target.checked)}>
              学年を1つ進める（「4年」→「5年」。「6年」の生徒は卒業します）
            </Checkbox>
          </div>
          {anySplit && (
            <Card size="small" title="クラスを分ける名簿" style={{ marginBottom: 16 }}>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                「生徒ID」と「新しいクラス」の列があるExcel（.xlsx）またはCSVファイルを選んでください。名簿にあるクラス名のクラスが作られます（続けるクラスと同じ名前なら、そのクラスに入ります）。
              </Typography.Paragraph>
              <Upload.Dragger
                accept=".xlsx,.csv"
                showUploadList={false}
                beforeUpload={(file) => {
                  void readRoster(file)
                    .then((r) => {
                      setRosterErrors(r.errors);
                      setRoster(r.errors.length ? null : { file: file.name, assignments: r.assignments });
                    })
                    .catch(() => {});
                  return false;
                }}
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p>名簿ファイルをここにドロップするか、クリックして選択</p>
              </Upload.Dragger>
              {roster && (
                <Alert
                  style={{ marginTop: 8 }}
                  type="success"
                  showIcon
                  title={`「${roster.file}」から${roster.assignments.length}人分を読み込みました。`}
                />
              )}
              {rosterErrors.length > 0 && (
                <Alert
                  style={{ marginTop: 8 }}
                  type="error"
                  showIcon
                  title="名簿に問題があります。直してからもう一度選んでください。"
                  description={
                    <ul style={{ margin: 0, paddingLeft: 18 }}>
                      {rosterErrors.slice(0, 20).map((e) => (
                        <li key={`${e.row}-${e.message}`}>
                          {e.row}行目：{e.message}
                        </li>
                      ))}
                    </ul>
                  }
                />
              )}
            </Card>
          )}
          <Space>
            <Button
              type="primary"
              loading={previewCall.isPending}
              disabled={classes.length === 0}
              onClick={() => void runPreview().catch(() => {})}
            >
              変更内容を確認
            </Button>
            <Link to={paths.graduates.path}>
              <Button type="link">卒業生・昨年度のクラスを見る</Button>
            </Link>
          </Space>
        </>
      )}
      {step === 1 && preview && (
        <>
          {preview.errors.length > 0 ? (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 16 }}
              title="このままでは実行できません。前の画面に戻って直してください。"
              description={
                <ul style={{ margin: 0, paddingLeft: 18 }} data-testid="rollover-errors">
                  {preview.errors.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              }
            />
          ) : (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title="まだ何も変わっていません。内容を確認して「年度更新を実行」を押してください。"
            />
          )}
          {summary(preview)}
          <Space style={{ marginTop: 16 }}>
            <Button onClick={() => setStep(0)}>戻る</Button>
            <Button
              type="primary"
              disabled={preview.errors.length > 0}
              loading={commit.isPending}
              onClick={confirmCommit}
            >
              年度更新を実行
            </Button>
          </Space>
        </>
      )}
      {step === 2 && report && (
        <>
          <div style={{ textAlign: 'center', marginBottom: 24 }} data-testid="rollover-done">
            <CheckCircleFilled style={{ fontSize: 48, color: '#52c41a' }} />
            <Typography.Title level={3} style={{ marginTop: 12 }}>
              年度更新が完了しました
            </Typography.Title>
            <Typography.Text type="secondary">
              {report.committed_at ? `${formatDateTime(report.committed_at)} に実行しました。` : ''}
            </Typography.Text>
          </div>
          {summary(report)}
          <Space style={{ marginTop: 16 }}>
            <Link to={paths.classEditing.path}>
              <Button type="primary">クラス一覧へ</Button>
            </Link>
            <Link to={paths.graduates.path}>
              <Button>卒業生・昨年度のクラス</Button>
            </Link>
            {report.rollover_id !== null && <RolloverReportButton rolloverId={report.rollover_id} />}
            <Button onClick={() => void downloadGraduatesXlsx().catch(() => {})}>卒業生をExcelに書き出す</Button>
          </Space>
        </>
      )}
      {holder}
    </Card>
  );
}
