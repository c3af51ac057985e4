import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import {
  applyLimits,
  applyMessages,
  applyStatusNames,
  applyStatuses,
  applyTypeNames,
  applyTypes,
  type ApplicationRow,
  type ApplyStatus,
  type ApplyType,
} from '@ondoku/contract';
import { panel } from '@ondoku/ui';
import { Alert, Button, Input, Modal, Tag } from 'antd';
import { Link } from 'react-router';
import { ListContainer } from '../../../components/ui/list-container';
import { NativeSelect } from '../../../components/ui/native-select';
import { useListState } from '../../../components/ui/use-list-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { sessionStore } from '../../../lib/session';
import { downloadApplicationFile, useApplicationList, useApplyBasicInfo, useWithdrawApplication } from '../api';

const muted = { color: 'rgba(0,0,0,0.55)' } as const;
const statusColor: Record<ApplyStatus, string> = {
  pending: 'processing',
  approved: 'cyan',
  returned: 'warning',
  completed: 'success',
  withdrawn: 'default',
};

interface Filters {
  applyType: ApplyType | '';
  status: ApplyStatus | '';
  start: string;
  end: string;
}
const noFilters: Filters = { applyType: '', status: '', start: '', end: '' };

/** The school as the service knows it, with the accounts in use and allowed. */
function SchoolSummary() {
  const info = useApplyBasicInfo().data;
  const guest = sessionStore.get()?.user.type === 'guest';
  if (!info) return null;
  return (
    <div style={{ ...panel, display: 'flex', gap: 32, flexWrap: 'wrap', alignItems: 'center', marginBottom: 16 }}>
      <div>
        <div style={muted}>学校</div>
        <strong>{info.school_name || '（未登録）'}</strong>
      </div>
      <div>
        <div style={muted}>先生</div>
        <strong>{info.teacher_name}</strong>
      </div>
      <div>
        <div style={muted}>年度</div>
        <strong>{info.school_year}年度</strong>
      </div>
      {info.accounts.map((a) => (
        <div key={a.kind} data-testid={`accounts-${a.kind}`}>
          <div style={muted}>{a.name}</div>
          <strong>
            {a.in_use}
            <span style={{ fontWeight: 400 }}> / 上限 {a.allowed}</span>
          </strong>
        </div>
      ))}
      <span style={{ flex: 1 }} />
      {!guest && (
        <Link to={paths.accountApplicationCreate.path}>
          <Button type="primary" icon={<PlusOutlined />}>
            新しく申請する
          </Button>
        </Link>
      )}
    </div>
  );
}

/** What was applied for: the class, the grade, the teacher, the roster's size, the note. */
function Details({ r }: { r: ApplicationRow }) {
  const parts = [
    r.team_name ? `クラス：${r.team_name}` : '',
    r.grade_name ? `学年：${r.grade_name}` : '',
    r.teacher_name ? `先生：${r.teacher_name}（${r.teacher_email}）` : '',
    r.row_count !== null ? `名簿 ${r.row_count}人` : '申込書（PDF）',
  ].filter(Boolean);
  return (
    <div style={{ ...muted, fontSize: 13 }}>
      {parts.join('　')}
      {r.note && <div>備考：{r.note}</div>}
    </div>
  );
}

/** The operator's answer: the reason of a send-back, or the classes an approved roster made (with login cards). */
function Outcome({ r }: { r: ApplicationRow }) {
  if (r.apply_status === 'returned')
    return <Alert type="warning" showIcon style={{ marginTop: 8 }} message={`差し戻しの理由：${r.reason}`} />;
  if (r.apply_status === 'completed' && r.created_count > 0)
    return (
      <div style={{ marginTop: 8, fontSize: 13 }} data-testid="application-created">
        生徒アカウント{r.created_count}人を作成しました。
        {r.created_teams.map((c) => (
          <span key={c.team_id} style={{ marginLeft: 12 }}>
            <Link to={paths.manageClass.getHref(c.team_id)}>{c.name}</Link>
            <Link to={paths.loginCards.getHref(c.team_id)} target="_blank" style={{ marginLeft: 6 }}>
              （ログインカードを印刷）
            </Link>
          </span>
        ))}
      </div>
    );
  return null;
}

/**
 * /account-application: the school's accounts, and the teacher's applications with their status
 * (申請中 → 承認 / 差し戻し → 完了), filtered by kind, status and period; the attached file can be
 * downloaded again, and an application withdrawn while 申請中.
 */
export function ApplicationList() {
  const list = useListState('account-applications', { pageSize: applyLimits.pageSize, filters: noFilters });
  const f = list.filters;
  const badPeriod = Boolean(f.start && f.end && f.start > f.end);
  const query = useApplicationList({
    page: list.page,
    limit: list.pageSize,
    apply_type: f.applyType || undefined,
    apply_status: f.status || undefined,
    start_time: badPeriod ? undefined : f.start || undefined,
    end_time: badPeriod ? undefined : f.end || undefined,
  });
  const withdraw = useWithdrawApplication();
  const guest = sessionStore.get()?.user.type === 'guest';
  const [modal, holder] = Modal.useModal();
  const rows = query.data?.rows ?? [];
  const filtered = Boolean(f.applyType || f.status || f.start || f.end);

  const confirmWithdraw = (r: ApplicationRow) =>
    modal.confirm({
      title: applyMessages.withdrawConfirm,
      content: `${applyTypeNames[r.apply_type]}（${formatDateTime(r.created_at)}）`,
      okText: '取り下げる',
      okButtonProps: { danger: true },
      cancelText: 'キャンセル',
      onOk: async () => {
        await withdraw.mutateAsync({ id: r.id });
        notify.success(applyMessages.withdrawn);
      },
    });

  return (
    <div style={{ maxWidth: 1000 }}>
      {holder}
      <SchoolSummary />
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 12, flexWrap: 'wrap' }}>
        <NativeSelect<ApplyType>
          label="種類"
          value={f.applyType || undefined}
          width={210}
          all="すべての種類"
          onChange={(v) => list.setFilters({ applyType: v ?? '' })}
          options={applyTypes.map((t) => ({ value: t, label: applyTypeNames[t] }))}
        />
        <NativeSelect<ApplyStatus>
          label="状態"
          value={f.status || undefined}
          width={130}
          all="すべての状態"
          onChange={(v) => list.setFilters({ status: v ?? '' })}
          options={applyStatuses.map((s) => ({ value: s, label: applyStatusNames[s] }))}
        />
        <span style={muted}>申請日</span>
        <Input
          type="date"
          aria-label="開始日"
          value={f.start}
          style={{ width: 145 }}
          onChange={(e) => list.setFilters({ start: e.target.value })}
        />
        <span>〜</span>
        <Input
          type="date"
          aria-label="終了日"
          value={f.end}
          style={{ width: 145 }}
          status={badPeriod ? 'error' : undefined}
          onChange={(e) => list.setFilters({ end: e.target.value })}
        />
        {filtered && <Button onClick={() => list.setFilters(noFilters)}>条件をクリア</Button>}
      </div>
      {badPeriod && <Alert type="error" showIcon message={applyMessages.periodInvalid} style={{ marginBottom: 12 }} />}
      <ListContainer
        query={query}
        total={query.data?.total ?? 0}
        list={list}
        totalText={(n) => `全${n}件`}
        emptyText={
          filtered ? '条件に合う申請はありません。' : 'まだ申請はありません。「新しく申請する」から申請できます。'
        }
      >
        <div style={{ ...panel, padding: 0 }}>
          {rows.map((r) => (
            <div
              key={r.id}
              data-testid="application"
              style={{ display: 'flex', gap: 12, padding: '12px 16px', borderBottom: '1px solid #f0f0f0' }}
            >
              <div style={{ flex: 1, minWidth: 0 }}>
                <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Tag color={statusColor[r.apply_status]}>{applyStatusNames[r.apply_status]}</Tag>
                  <strong>{applyTypeNames[r.apply_type]}</strong>
                  <span style={{ ...muted, fontSize: 13 }}>申請 {formatDateTime(r.created_at)}</span>
                  {r.decided_at && r.apply_status !== 'withdrawn' && (
                    <span style={{ ...muted, fontSize: 13 }}>回答 {formatDateTime(r.decided_at)}</span>
                  )}
                </div>
                <Details r={r} />
                <Outcome r={r} />
              </div>
              <div style={{ display: 'flex', flexDirection: 'column', gap: 6, alignItems: 'flex-end' }}>
                <Button
                  size="small"
                  icon={<DownloadOutlined />}
                  onClick={() => void downloadApplicationFile(r.id, r.file_name).catch(() => {})}
                >
                  {r.file_name}
                </Button>
                {r.apply_status === 'pending' && !guest && (
                  <Button size="small" danger onClick={() => confirmWithdraw(r)}>
                    取り下げ
                  </Button>
                )}
              </div>
            </div>
          ))}
        </div>
      </ListContainer>
    </div>
  );
}
