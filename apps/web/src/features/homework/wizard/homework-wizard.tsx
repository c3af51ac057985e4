import {
  exerciseTypeLabels,
  homeworkLimits,
  homeworkMessages,
  homeworkTypeLabels,
  weekdayLabels,
  type HomeworkType,
  nfkc,
} from '@ondoku/contract';
import { Alert, Button, Form, Input, InputNumber, Modal, Radio, Steps, Switch, Tag } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { limitedLength } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { ApiError } from '@ondoku/ui/request';
import { panel } from '@ondoku/ui';
import {
  checkTimesOnServer,
  useHomeworkClassRows,
  usePublishHomework,
  useRecommendNames,
  useWordBookPartsOf,
} from '../api';
import { RecipientPicker, recipientsSummary } from '../components/recipient-picker';
import {
  buildPublishInput,
  parseDraft,
  stepIssues,
  stepOfPath,
  wizardSteps,
  wordsInRange,
  type Issue,
  type WizardDraft,
  type WizardPack,
  type WizardResource,
} from './draft';
import { fieldProps, ScheduleEditor, TimePicker, WordTestFields, type FieldErrors } from './wizard-fields';

export interface HomeworkWizardProps {
  type: HomeworkType;
  /** 1–4 from the route. */
  step: number;
  /** The library's selection (docs/homework-web.md, 'The wizard'). */
  resources: readonly WizardResource[];
  pack: WizardPack | null;
  /** The selection's form info: the stored draft. */
  form: Record<string, unknown>;
  onFormChange: (form: Record<string, unknown>) => void;
  /** Published or discarded: clear the selection and the draft. */
  onClear: () => void;
}

const wizardHref = (type: HomeworkType, step: number) =>
  type === 'routine'
    ? paths.homeworkCreateRoutine.getHref(step)
    : type === 'periodic'
      ? paths.homeworkCreatePeriodic.getHref(step)
      : paths.homeworkCreateWordtest.getHref(step);

/** The server's answer to a time check, on the field it concerns. */
const timeFieldOf = (message: string) =>
  message === homeworkMessages.testTimeWrong
    ? 'test_start_time'
    : message === homeworkMessages.endTimeWrong ||
        message === homeworkMessages.endTimeRequired ||
        message === homeworkMessages.periodicTooLong
      ? 'end_time'
      : message.startsWith('配信時刻') || message.startsWith('開始時刻')
        ? 'publish_time'
        : null;

/**
 * The homework creation wizard (/homework-create/routine|periodic|wordtest/:step) on the
 * library's selection: content, recipients, delivery settings, confirmation. Each step checks
 * its fields with the contract's rules before the next; publishing sends one request_key, so a
 * double click or a retry publishes once.
 */
export function HomeworkWizard({ type, step, resources, pack, form, onFormChange, onClear }: HomeworkWizardProps) {
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const draft = useMemo(() => parseDraft(form, type), [form, type]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [finalIssues, setFinalIssues] = useState<Issue[]>([]);
  const [serverError, setServerError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const publish = usePublishHomework();
  const sending = useRef(false);
  const classes = useHomeworkClassRows();
  const classNames = new Map((classes.data?.rows ?? []).map((c) => [c.team_id, c.name]));
  const steps = wizardSteps[type];

  const update = (patch: Partial<WizardDraft>) => {
    onFormChange({ ...draft, ...patch });
    const cleared = Object.keys(patch);
    if (cleared.some((k) => errors[k]))
      setErrors((e) => ({ ...e, ...Object.fromEntries(cleared.map((k) => [k, undefined])) }));
    setServerError(null);
  };
  const go = (n: number) => {
    setErrors({});
    setFinalIssues([]);
    navigate(wizardHref(type, n));
  };
  const show = (issues: Issue[]) => setErrors(Object.fromEntries(issues.map((i) => [i.path, i.message])));
  const ctx = { resources, pack, now: new Date() };

  const next = async () => {
    const issues = stepIssues(draft, step, ctx);
    if (issues.length) return show(issues);
    if (step === 3) {
      // The same rules against the server's clock (check-define-times), so a wrong browser clock
      // is caught before the last step.
      setChecking(true);
      try {
        const scheduled = type === 'periodic' || draft.publish_type === 'scheduled';
        await checkTimesOnServer({
          homework_type: type,
          publish_type: scheduled ? 'scheduled' : 'now',
          publish_time: scheduled ? (draft.publish_time ?? undefined) : undefined,
          end_time: draft.end_time!,
          test_start_time: type === 'wordtest' ? (draft.test_start_time ?? undefined) : undefined,
        });
      } catch (e) {
        if (e instanceof ApiError) {
          const field = timeFieldOf(e.message);
          if (field) return show([{ path: field, message: e.message }]);
          return setServerError(e.message);
        }
        throw e;
      } finally {
        setChecking(false);
      }
    }
    go(step + 1);
  };

  const send = async () => {
    if (sending.current) return;
    const issues = stepIssues(draft, 4, ctx);
    if (issues.length) return setFinalIssues(issues);
    sending.current = true;
    setServerError(null);
    try {
      const scheduled = type === 'periodic' || draft.publish_type === 'scheduled';
      await publish.mutateAsync(buildPublishInput(draft, resources, pack));
      notify.success(
        type === 'periodic'
          ? `定期宿題「${draft.title}」を登録しました。`
          : scheduled
            ? `宿題「${draft.title}」の配信を予約しました。`
            : `宿題「${draft.title}」を配信しました。`,
      );
      onClear();
      navigate(type === 'periodic' ? paths.periodicPlans.path : paths.homeworkList.path);
    } catch (e) {
      // The request layer has toasted it; the wizard keeps it in view (e.g. 宿題は300個まで配信できます。).
      if (e instanceof ApiError) setServerError(e.message);
      sending.current = false;
    }
  };

  const discard = () =>
    modal.confirm({
      title: '作成中の宿題を破棄しますか？',
      content: '選んだ教材と入力した内容はすべて消えます。',
      okText: '破棄する',
      okButtonProps: { danger: true },
      cancelText: 'キャンセル',
      onOk: () => {
        onClear();
        navigate(paths.homeworkCreateForm.path);
      },
    });

  const usableResources = resources.filter((r) => typeof r.id === 'number');

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 960 }} data-wizard-step={step}>
      {modalHolder}
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <Tag color="green" style={{ fontSize: 14, padding: '2px 10px' }}>
          {homeworkTypeLabels[type]}
        </Tag>
        <Steps size="small" current={step - 1} items={steps.map((title) => ({ title }))} style={{ flex: 1 }} />
      </div>
      <section style={{ ...panel, padding: 24 }}>
        <Form layout="vertical" component="div" requiredMark>
          {step === 1 && type === 'routine' && (
            <Form.Item label="宿題にする教材" {...fieldProps(errors, 'resources')}>
              {pack ? (
                <div data-testid="wizard-content">
                  教材パック「{pack.title}」（{pack.total}件・{exerciseTypeLabels[pack.type]}）
                </div>
              ) : resources.length ? (
                <ol data-testid="wizard-content" style={{ margin: 0, paddingLeft: 20 }}>
                  {resources.map((r) => (
                    <li key={String(r.id)}>
                      {r.title}
                      <span style={{ color: 'rgba(0,0,0,0.45)', marginLeft: 6 }}>{exerciseTypeLabels[r.type]}</span>
                    </li>
                  ))}
                </ol>
              ) : (
                <div>教材がまだ選ばれていません。</div>
              )}
              <Link to={paths.homeworkCreateForm.path}>教材を選び直す</Link>
            </Form.Item>
          )}
          {step === 1 && type === 'periodic' && (
            <Form.Item
              label="配信する曜日と教材"
              required
              {...fieldProps(errors, 'schedule')}
              extra={
                pack
                  ? '定期宿題では教材パックは使えません。教材を個別に選んでください。'
                  : `毎週、選んだ曜日に配信します。各曜日に教材を1つ以上設定してください（選択中の教材${usableResources.length}件から）。`
              }
            >
              {usableResources.length ? (
                <ScheduleEditor
                  value={draft.schedule}
                  onChange={(schedule) => update({ schedule })}
                  resources={resources}
                />
              ) : (
                <div>
                  教材がまだ選ばれていません。<Link to={paths.homeworkCreateForm.path}>教材を選ぶ</Link>
                </div>
              )}
            </Form.Item>
          )}
          {step === 1 && type === 'wordtest' && <WordTestFields draft={draft} update={update} errors={errors} />}
          {step === 2 && (
            <Form.Item label="配信先" required {...fieldProps(errors, 'recipients')}>
              <RecipientPicker value={draft.recipients} onChange={(recipients) => update({ recipients })} />
            </Form.Item>
          )}
          {step === 3 && <SettingsStep draft={draft} update={update} errors={errors} />}
          {step === 4 && <Summary draft={draft} resources={resources} pack={pack} classNames={classNames} />}
        </Form>
        {finalIssues.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginTop: 16 }}
            title="入力内容を確認してください。"
            description={
              <ul style={{ margin: 0, paddingLeft: 20 }}>
                {finalIssues.map((i) => (
                  <li key={i.path}>
                    {i.message}{' '}
                    <Link to={wizardHref(type, stepOfPath(i.path))}>「{steps[stepOfPath(i.path) - 1]}」で修正する</Link>
                  </li>
                ))}
              </ul>
            }
          />
        )}
        {serverError && (
          <Alert type="error" showIcon style={{ marginTop: 16 }} title={serverError} data-testid="server-error" />
        )}
      </section>
      <div style={{ display: 'flex', gap: 8 }}>
        <Button onClick={discard} danger>
          破棄する
        </Button>
        <span style={{ flex: 1 }} />
        {step > 1 && <Button onClick={() => go(step - 1)}>戻る</Button>}
        {step < 4 ? (
          <Button type="primary" onClick={() => void next()} loading={checking}>
            次へ
          </Button>
        ) : (
          <Button type="primary" onClick={() => void send()} loading={publish.isPending} disabled={publish.isPending}>
            {type === 'periodic' ? '登録する' : '配信する'}
          </Button>
        )}
      </div>
    </div>
  );
}

function SettingsStep({
  draft,
  update,
  errors,
}: {
  draft: WizardDraft;
  update: (patch: Partial<WizardDraft>) => void;
  errors: FieldErrors;
}) {
  const periodic = draft.type === 'periodic';
  const weekdays = [...draft.schedule.map((d) => d.weekday)].sort().join(',');
  const names = useRecommendNames(
    periodic ? { team_id: draft.recipients.team_ids[0], weekdays: weekdays || undefined } : null,
  );
  return (
    <>
      <Form.Item label="タイトル" required {...fieldProps(errors, 'title')}>
        <Input
          aria-label="タイトル"
          placeholder={`タイトル（${homeworkLimits.titleMax}文字以内）`}
          value={draft.title}
          style={{ maxWidth: 560 }}
          {...limitedLength(homeworkLimits.titleMax, (e) => update({ title: e.target.value }))}
        />
      </Form.Item>
      {periodic && (names.data?.names.length ?? 0) > 0 && (
        <div style={{ margin: '-12px 0 16px' }} data-testid="title-suggestions">
          <span style={{ color: 'rgba(0,0,0,0.55)', marginRight: 8 }}>タイトルの候補：</span>
          {names.data!.names.map((n) => (
            <Button key={n} size="small" style={{ marginRight: 6 }} onClick={() => update({ title: n })}>
              {n}
            </Button>
          ))}
        </div>
      )}
      {periodic ? (
        <Form.Item
          label="配信開始日時"
          required
          {...fieldProps(errors, 'publish_time')}
          extra={`最初の配信日の配信時刻です（現在から${homeworkLimits.periodicStartLeadMinutes}分以上先）。毎回この時刻に配信します。`}
        >
          <TimePicker
            label="配信開始日時"
            value={draft.publish_time}
            onChange={(publish_time) => update({ publish_time })}
          />
        </Form.Item>
      ) : (
        <>
          <Form.Item label="配信方法" required>
            <Radio.Group
              value={draft.publish_type}
              onChange={(e) => update({ publish_type: e.target.value as 'now' | 'scheduled' })}
              options={[
                { value: 'now', label: 'すぐに配信' },
                { value: 'scheduled', label: '日時を指定して配信' },
              ]}
            />
          </Form.Item>
          {draft.publish_type === 'scheduled' && (
            <Form.Item label="配信日時" required {...fieldProps(errors, 'publish_time')}>
              <TimePicker
                label="配信日時"
                value={draft.publish_time}
                onChange={(publish_time) => update({ publish_time })}
              />
            </Form.Item>
          )}
        </>
      )}
      {draft.type === 'wordtest' && (
        <Form.Item
          label="テスト開始日時"
          required
          {...fieldProps(errors, 'test_start_time')}
          extra={`現在から${homeworkLimits.testStartLeadMinutes}分以上先で、終了日時より前に設定してください。`}
        >
          <TimePicker
            label="テスト開始日時"
            value={draft.test_start_time}
            onChange={(test_start_time) => update({ test_start_time })}
          />
        </Form.Item>
      )}
      <Form.Item
        label={periodic ? '定期配信の終了日時' : '終了日時'}
        required
        {...fieldProps(errors, 'end_time')}
        extra={periodic ? `最後の配信はこの日時より前です（${homeworkLimits.periodicMaxWeeks}週間以内）。` : undefined}
      >
        <TimePicker
          label={periodic ? '定期配信の終了日時' : '終了日時'}
          value={draft.end_time}
          onChange={(end_time) => update({ end_time })}
        />
      </Form.Item>
      {periodic && (
        <Form.Item label="各回の提出期限" required extra="配信してから何日間提出できるか">
          <InputNumber
            aria-label="各回の提出期限"
            min={homeworkLimits.periodicDeadlineDays.min}
            max={homeworkLimits.periodicDeadlineDays.max}
            precision={0}
            value={draft.deadline_days}
            onChange={(n) =>
              update({ deadline_days: typeof n === 'number' ? n : homeworkLimits.periodicDeadlineDays.default })
            }
            addonAfter="日間"
          />
        </Form.Item>
      )}
      <Form.Item label="必要練習回数" {...fieldProps(errors, 'required_times')} extra="空欄なら回数の指定なし">
        <Input
          aria-label="必要練習回数"
          inputMode="numeric"
          placeholder="任意（10桁以内の数字）"
          style={{ width: 240 }}
          value={draft.required_times}
          onChange={(e) => update({ required_times: e.target.value })}
          suffix="回"
        />
      </Form.Item>
      {periodic && (
        <Form.Item label="間違えた単語・文の復習">
          <Switch
            aria-label="間違えた単語・文の復習"
            checked={draft.review_missed}
            onChange={(review_missed) => update({ review_missed })}
          />
          <span style={{ marginLeft: 8, color: 'rgba(0,0,0,0.65)' }}>
            次の配信に、各生徒がそれまでに間違えた単語・文を加える
          </span>
        </Form.Item>
      )}
    </>
  );
}

function Summary({
  draft,
  resources,
  pack,
  classNames,
}: {
  draft: WizardDraft;
  resources: readonly WizardResource[];
  pack: WizardPack | null;
  classNames: Map<number, string>;
}) {
  const title = new Map(resources.map((r) => [r.id, r.title]));
  // A word test asks at most the words of its range (all of them when fewer than asked).
  const parts = useWordBookPartsOf(draft.type === 'wordtest' ? draft.word_book_code : null);
  const available = wordsInRange(parts.data?.parts ?? [], draft.part_from, draft.part_to);
  const asked = draft.word_count ?? 0;
  const rows: [string, React.ReactNode][] = [
    ['種類', homeworkTypeLabels[draft.type]],
    ['タイトル', draft.title],
  ];
  if (draft.type === 'routine')
    rows.push([
      '教材',
      pack ? `教材パック「${pack.title}」（${pack.total}件）` : resources.map((r) => r.title).join('、'),
    ]);
  if (draft.type === 'periodic')
    rows.push([
      '配信スケジュール',
      <div key="s">
        {draft.schedule.map((d) => (
          <div key={d.weekday}>
            毎週{weekdayLabels[d.weekday]}曜日：{d.resource_ids.map((id) => title.get(id) ?? id).join('、')}
          </div>
        ))}
      </div>,
    ]);
  if (draft.type === 'wordtest')
    rows.push([
      '出題範囲',
      parts.data && available > 0 && asked > available
        ? `パート${draft.part_from}〜${draft.part_to}、${available}語（範囲内のすべての単語）`
        : `パート${draft.part_from}〜${draft.part_to}、${asked}語`,
    ]);
  rows.push(['配信先', recipientsSummary(draft.recipients, classNames)]);
  if (draft.type === 'periodic') {
    rows.push(['配信開始', draft.publish_time ? formatDateTime(draft.publish_time) : '—']);
    rows.push(['各回の提出期限', `配信から${draft.deadline_days}日間`]);
  } else
    rows.push([
      '配信',
      draft.publish_type === 'now' ? 'すぐに配信' : draft.publish_time ? formatDateTime(draft.publish_time) : '—',
    ]);
  if (draft.type === 'wordtest')
    rows.push(['テスト開始', draft.test_start_time ? formatDateTime(draft.test_start_time) : '—']);
  rows.push([
    draft.type === 'periodic' ? '定期配信の終了' : '終了',
    draft.end_time ? formatDateTime(draft.end_time) : '—',
  ]);
  rows.push(['必要練習回数', draft.required_times.trim() ? `${nfkc(draft.required_times.trim())}回` : '指定なし']);
  if (draft.type === 'periodic') rows.push(['間違えた単語・文の復習', draft.review_missed ? 'する' : 'しない']);
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%' }} data-testid="wizard-summary">
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k} style={{ borderBottom: '1px solid #f0f0f0' }}>
            <th
              style={{ textAlign: 'left', width: 180, padding: '10px 8px', color: 'rgba(0,0,0,0.65)', fontWeight: 500 }}
            >
              {k}
            </th>
            <td style={{ padding: '10px 8px' }}>{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
