import type { distributionStatuses } from '@ondoku/contract';
import {
  editPeriodicPlan,
  homeworkLimits,
  homeworkMessages,
  planStateLabels,
  weekdayLabels,
  type PlanRow,
} from '@ondoku/contract';
import { Button, Empty, Form, Input, InputNumber, Modal, Spin, Switch, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { panel } from '@ondoku/ui';
import { ListContainer } from '../../../components/ui/list-container';
import { useListState } from '../../../components/ui/use-list-state';
import { DateTimePicker } from '../../../components/ui/date-time-picker';
import { paths } from '../../../config/paths';
import { formatDate, formatDateTime, formatTime } from '../../../lib/dates';
import { applyZodIssues, limitedLength } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useDelayPlan, useDeletePlan, useEditPlan, usePlanDetail, usePlanList } from '../api';
import type { WizardResource } from '../wizard/draft';
import { ScheduleEditor } from '../wizard/wizard-fields';
import { HomeworkTabs } from './homework-tabs';

const muted = { color: 'rgba(0,0,0,0.55)' } as const;
const planStateColor = { scheduled: 'blue', running: 'green', finished: 'default' } as const;
const distributionLabels: Record<(typeof distributionStatuses)[number], [string, string]> = {
  made: ['配信済み', 'green'],
  pending: ['配信予定', 'blue'],
  skipped: ['延期で取りやめ', 'default'],
};

const weekdaysText = (days: readonly number[]) =>
  `毎週 ${[...days]
    .sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7))
    .map((d) => weekdayLabels[d])
    .join('・')}`;
const recipientsText = (p: Pick<PlanRow, 'classes' | 'student_ids'>) =>
  [...p.classes.map((c) => c.name), ...(p.student_ids.length ? [`生徒${p.student_ids.length}人`] : [])].join('、');

/** /homework/periodic-plan: the teacher's periodic plans, newest first. */
export function PeriodicPlanList() {
  const list = useListState('periodic-plans', { pageSize: homeworkLimits.listPageSize, filters: { searchTitle: '' } });
  const query = usePlanList({
    page: list.page,
    limit: list.pageSize,
    search_title: list.filters.searchTitle || undefined,
  });
  const { data } = query;
  return (
    <>
      <HomeworkTabs />
      <div style={{ display: 'flex', gap: 8, marginBottom: 16 }}>
        <Input.Search
          aria-label="定期宿題のタイトル"
          allowClear
          defaultValue={list.filters.searchTitle}
          placeholder="定期宿題のタイトルで検索"
          style={{ width: 320 }}
          onSearch={(v) => list.setFilters({ searchTitle: v.trim() })}
        />
        <span style={{ flex: 1 }} />
        <Link to={paths.homeworkCreateForm.path}>
          <Button type="primary">定期宿題をつくる</Button>
        </Link>
      </div>
      <ListContainer
        query={query}
        total={data?.total ?? 0}
        list={list}
        totalText={(n) => `全${n}件`}
        emptyText={list.filters.searchTitle ? '条件に合う定期宿題はありません。' : 'まだ定期宿題がありません。'}
      >
        {data?.rows.map((p) => (
          <section
            key={p.plan_id}
            data-testid="plan-row"
            style={{ ...panel, display: 'flex', alignItems: 'center', gap: 16, marginBottom: 8, padding: '12px 16px' }}
          >
            <div style={{ flex: 1, minWidth: 0 }}>
              <div style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
                <Tag color={planStateColor[p.state]}>{planStateLabels[p.state]}</Tag>
                <strong style={{ fontSize: 15 }}>
                  <Link to={paths.periodicPlanDetail.getHref(p.plan_id)}>{p.title}</Link>
                </strong>
              </div>
              <div style={{ ...muted, fontSize: 13, marginTop: 4 }}>
                {recipientsText(p)}
                <span style={{ margin: '0 8px' }}>|</span>
                {weekdaysText(p.weekdays)} {formatTime(p.start_time)}
                <span style={{ margin: '0 8px' }}>|</span>
                {formatDate(p.start_time)} 〜 {formatDate(p.end_time)}
              </div>
            </div>
            <div style={{ fontSize: 13, minWidth: 170 }}>
              <div>
                配信 <strong>{p.made_count}</strong>/{p.total_count}回
              </div>
              <div style={muted}>
                {p.next_distribution_time ? `次回 ${formatDateTime(p.next_distribution_time)}` : '次回の配信なし'}
              </div>
            </div>
            <Link to={paths.periodicPlanDetail.getHref(p.plan_id)}>
              <Button size="small">詳細</Button>
            </Link>
          </section>
        ))}
      </ListContainer>
    </>
  );
}

/** /homework/periodic-plan-detail?plan_id=…: the plan, its schedule and every distribution; delay and delete. */
export function PeriodicPlanDetail({ planId }: { planId: number | null }) {
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const detail = usePlanDetail(planId);
  const delay = useDelayPlan();
  const del = useDeletePlan();
  const [count, setCount] = useState<number | null>(1);
  const p = detail.data;
  if (planId === null || detail.isError) return <Empty description="定期宿題が見つかりませんでした。" />;
  if (!p) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const pending = p.distributions.filter((d) => d.status === 'pending').length;
  const active = p.state !== 'finished';

  const confirmDelay = () => {
    const n = count ?? 0;
    if (!Number.isInteger(n) || n < 1 || n > 10) return notify.toast(homeworkMessages.delayCountWrong);
    modal.confirm({
      title: `定期宿題を${n}回分延期しますか？`,
      content: (
        <div data-testid="plan-delay-confirm">
          次の{n}回の配信を取りやめ、定期宿題の終了を{n}回分あとにずらします。すでに配信した宿題はそのままです。
        </div>
      ),
      okText: '延期する',
      cancelText: 'キャンセル',
      onOk: async () => {
        await delay.mutateAsync({ plan_id: p.plan_id, distributions: n });
        notify.success(`${n}回分延期しました。`);
      },
    });
  };
  const confirmDelete = () =>
    modal.confirm({
      title: `定期宿題「${p.title}」を削除しますか？`,
      content: (
        <div data-testid="plan-delete-confirm">
          これからの配信（{pending}
          回）は行われなくなります。すでに配信した宿題と生徒の提出は残ります（宿題一覧から個別に削除できます）。
        </div>
      ),
      okText: '削除する',
      okButtonProps: { danger: true },
      cancelText: 'キャンセル',
      onOk: async () => {
        await del.mutateAsync({ plan_id: p.plan_id });
        notify.success(`定期宿題「${p.title}」を削除しました。`);
        navigate(paths.periodicPlans.path);
      },
    });

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 960 }}>
      {modalHolder}
      <section style={panel}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <Tag color={planStateColor[p.state]}>{planStateLabels[p.state]}</Tag>
          <strong style={{ fontSize: 17, flex: 1 }}>{p.title}</strong>
          {active && (
            <Link to={paths.periodicPlanEdit.getHref(p.plan_id)}>
              <Button>編集</Button>
            </Link>
          )}
          <Button danger onClick={confirmDelete}>
            削除
          </Button>
        </div>
        <table style={{ marginTop: 12, borderCollapse: 'collapse' }}>
          <tbody>
            {(
              [
                ['配信先', recipientsText(p)],
                ['期間', `${formatDateTime(p.start_time)} 〜 ${formatDateTime(p.end_time)}`],
                ['配信', `${weekdaysText(p.weekdays)} ${formatTime(p.start_time)}（各回${p.deadline_days}日間）`],
                ['進み具合', `${p.made_count}/${p.total_count}回配信済み`],
                ['必要練習回数', p.required_times === null ? '指定なし' : `${p.required_times}回`],
                ['間違えた単語・文の復習', p.review_missed ? 'する' : 'しない'],
              ] as const
            ).map(([k, v]) => (
              <tr key={k}>
                <th style={{ textAlign: 'left', fontWeight: 500, ...muted, padding: '4px 24px 4px 0' }}>{k}</th>
                <td>{v}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section style={panel} aria-label="曜日ごとの教材">
        <strong>曜日ごとの教材</strong>
        {p.schedule.map((d) => (
          <div key={d.weekday} style={{ marginTop: 6 }}>
            <span style={{ display: 'inline-block', width: 56 }}>{weekdayLabels[d.weekday]}曜日</span>
            {d.resources.map((r) => r.title).join('、')}
          </div>
        ))}
      </section>
      {active && pending > 0 && (
        <section style={{ ...panel, display: 'flex', alignItems: 'center', gap: 8 }} aria-label="延期">
          <span>次の配信から</span>
          <InputNumber aria-label="延期する回数" min={1} max={10} precision={0} value={count} onChange={setCount} />
          <span>回分を延期（終了もその分あとにずれます）</span>
          <Button onClick={confirmDelay}>延期する</Button>
        </section>
      )}
      <section style={panel} aria-label="配信の予定と実績">
        <strong>配信の予定と実績</strong>
        <table style={{ width: '100%', borderCollapse: 'collapse', marginTop: 8 }}>
          <thead>
            <tr style={{ ...muted, textAlign: 'left', borderBottom: '1px solid #f0f0f0' }}>
              <th style={{ padding: 6, fontWeight: 500 }}>配信日</th>
              <th style={{ padding: 6, fontWeight: 500 }}>期間</th>
              <th style={{ padding: 6, fontWeight: 500 }}>状態</th>
            </tr>
          </thead>
          <tbody>
            {p.distributions.map((d) => {
              const [label, color] = distributionLabels[d.status];
              return (
                <tr key={d.date} style={{ borderBottom: '1px solid #f5f5f5' }} data-testid="distribution-row">
                  <td style={{ padding: 6 }}>{formatDate(d.start_time)}</td>
                  <td style={{ padding: 6 }}>
                    {formatDateTime(d.start_time)} 〜 {formatDateTime(d.end_time)}
                  </td>
                  <td style={{ padding: 6 }}>
                    <Tag color={color}>{label}</Tag>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </div>
  );
}

interface EditValues {
  title: string;
  end_time: Dayjs | null;
  schedule: { weekday: number; resource_ids: number[] }[];
  deadline_days: number;
  required_times: string;
  review_missed: boolean;
}

/** /homework/periodic-plan-edit?plan_id=…: change what the distributions not yet made will be. */
export function PeriodicPlanEdit({ planId }: { planId: number | null }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<EditValues>();
  const detail = usePlanDetail(planId);
  const edit = useEditPlan();
  const p = detail.data;
  if (planId === null || detail.isError) return <Empty description="定期宿題が見つかりませんでした。" />;
  if (!p) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const resources = [
    ...new Map(
      p.schedule
        .flatMap((d) => d.resources)
        .map((r) => [r.resource_id, { id: r.resource_id, title: r.title, type: r.type }]),
    ).values(),
  ];

  const submit = async (v: EditValues) => {
    const input = {
      plan_id: p.plan_id,
      title: v.title,
      end_time: v.end_time ? v.end_time.toISOString() : '',
      schedule: v.schedule,
      deadline_days: v.deadline_days,
      required_times: v.required_times?.trim() ? v.required_times.trim() : null,
      review_missed: v.review_missed,
    };
    const parsed = editPeriodicPlan.input.safeParse(input);
    if (!parsed.success) return applyZodIssues(form, parsed.error);
    if (v.end_time && !v.end_time.isAfter(dayjs()))
      return form.setFields([{ name: 'end_time', errors: [homeworkMessages.endTimeWrong] }]);
    await edit.mutateAsync(input);
    notify.success(`定期宿題「${parsed.data.title}」を変更しました。`);
    navigate(paths.periodicPlanDetail.getHref(p.plan_id));
  };

  return (
    <section style={{ ...panel, padding: 24, maxWidth: 860 }}>
      <p style={{ ...muted, marginTop: 0 }}>変更は、これから配信する回に反映されます。配信済みの宿題は変わりません。</p>
      <Form<EditValues>
        form={form}
        layout="vertical"
        initialValues={{
          title: p.title,
          end_time: dayjs(p.end_time),
          schedule: p.schedule.map((d) => ({
            weekday: d.weekday,
            resource_ids: d.resources.map((r) => r.resource_id),
          })),
          deadline_days: p.deadline_days,
          required_times: p.required_times === null ? '' : String(p.required_times),
          review_missed: p.review_missed,
        }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item label="タイトル" name="title" required>
          <Input
            aria-label="タイトル"
            placeholder={`タイトル（${homeworkLimits.titleMax}文字以内）`}
            style={{ maxWidth: 560 }}
            {...limitedLength(homeworkLimits.titleMax)}
          />
        </Form.Item>
        <Form.Item label="配信する曜日と教材" name="schedule" required>
          <ScheduleField resources={resources} />
        </Form.Item>
        <Form.Item label="定期配信の終了日時" name="end_time" required>
          <DateTimePicker aria-label="定期配信の終了日時" />
        </Form.Item>
        <Form.Item label="各回の提出期限" name="deadline_days" required>
          <InputNumber
            aria-label="各回の提出期限"
            min={homeworkLimits.periodicDeadlineDays.min}
            max={homeworkLimits.periodicDeadlineDays.max}
            precision={0}
            addonAfter="日間"
          />
        </Form.Item>
        <Form.Item label="必要練習回数" name="required_times" extra="空欄なら回数の指定なし">
          <Input
            aria-label="必要練習回数"
            inputMode="numeric"
            placeholder="任意（10桁以内の数字）"
            style={{ width: 240 }}
            suffix="回"
          />
        </Form.Item>
        <Form.Item label="間違えた単語・文の復習" name="review_missed" valuePropName="checked">
          <Switch aria-label="間違えた単語・文の復習" />
        </Form.Item>
        <div style={{ display: 'flex', gap: 8 }}>
          <Button onClick={() => navigate(paths.periodicPlanDetail.getHref(p.plan_id))}>キャンセル</Button>
          <Button type="primary" htmlType="submit" loading={edit.isPending}>
            変更を保存
          </Button>
        </div>
      </Form>
    </section>
  );
}

function ScheduleField({
  value,
  onChange,
  resources,
}: {
  value?: EditValues['schedule'];
  onChange?: (v: EditValues['schedule']) => void;
  resources: WizardResource[];
}) {
  return <ScheduleEditor value={value ?? []} onChange={(v) => onChange?.(v)} resources={resources} />;
}
