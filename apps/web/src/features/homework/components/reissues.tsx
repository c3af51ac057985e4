import { homeworkLimits, homeworkTypeLabels } from '@ondoku/contract';
import { Button, Empty, Input, Spin, Tag } from 'antd';
import { Link } from 'react-router';
import { panel } from '@ondoku/ui';
import { ListContainer } from '../../../components/ui/list-container';
import { useListState } from '../../../components/ui/use-list-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { useReissueDetails, useReissueList } from '../api';
import { HomeworkTabs, SubmitBar } from './homework-tabs';

const muted = { color: 'rgba(0,0,0,0.55)' } as const;
const reissueState = { open: ['実施中', 'green'], finished: ['終了', 'default'] } as const;

/** /homework/reissue-list: overdue homework reissued to the children who had not submitted, newest first. */
export function ReissueList() {
  const list = useListState('reissues', { pageSize: homeworkLimits.listPageSize, filters: { searchTitle: '' } });
  const query = useReissueList({
    page: list.page,
    limit: list.pageSize,
    search_title: list.filters.searchTitle || undefined,
  });
  const { data } = query;
  return (
    <>
      <HomeworkTabs />
      <Input.Search
        aria-label="再配信した宿題のタイトル"
        allowClear
        defaultValue={list.filters.searchTitle}
        placeholder="宿題のタイトルで検索"
        style={{ width: 320, marginBottom: 16 }}
        onSearch={(v) => list.setFilters({ searchTitle: v.trim() })}
      />
      <ListContainer
        query={query}
        total={data?.total ?? 0}
        list={list}
        totalText={(n) => `全${n}件`}
        emptyText={
          list.filters.searchTitle
            ? '条件に合う再配信はありません。'
            : 'まだ再配信はありません。期限切れの宿題は宿題一覧の「再配信」から未提出の生徒に配信し直せます。'
        }
      >
        {data?.rows.map((r) => (
          <section
            key={r.reissue_id}
            data-testid="reissue-row"
            style={{ ...panel, display: 'flex', alignItems: 'center', gap: 16, marginBottom: 8, padding: '12px 16px' }}
          >
            <div style={{ flex: 1, minWidth: 0 }}>
              <div style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
                <Tag color={reissueState[r.state][1]}>{reissueState[r.state][0]}</Tag>
                <strong style={{ fontSize: 15 }}>
                  <Link to={paths.reissueDetails.getHref(r.reissue_id)}>{r.title}</Link>
                </strong>
                <Tag>{homeworkTypeLabels[r.type]}</Tag>
              </div>
              <div style={{ ...muted, fontSize: 13, marginTop: 4 }}>
                {r.team ? r.team.name : '個別の生徒'}
                <span style={{ margin: '0 8px' }}>|</span>
                締切 {formatDateTime(r.previous_end_time)} → {formatDateTime(r.end_time)}
                <span style={{ margin: '0 8px' }}>|</span>
                再配信 {formatDateTime(r.created_at)}
              </div>
            </div>
            <SubmitBar submitted={r.submitted_count} assigned={r.student_count} />
            <Link to={paths.reissueDetails.getHref(r.reissue_id)}>
              <Button size="small">詳細</Button>
            </Link>
          </section>
        ))}
      </ListContainer>
    </>
  );
}

/** /homework/reissue-details/:id: the children a reissue went to and whether each has submitted. */
export function ReissueDetails({ id }: { id: number | null }) {
  const detail = useReissueDetails(id);
  const r = detail.data;
  if (id === null || detail.isError) return <Empty description="再配信が見つかりませんでした。" />;
  if (!r) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 860 }}>
      <section style={panel}>
        <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <Tag color={reissueState[r.state][1]}>{reissueState[r.state][0]}</Tag>
          <strong style={{ fontSize: 17, flex: 1 }}>{r.title}</strong>
          <SubmitBar submitted={r.submitted_count} assigned={r.student_count} />
        </div>
        <div style={{ ...muted, marginTop: 8 }}>
          {homeworkTypeLabels[r.type]}・{r.team ? r.team.name : '個別の生徒'}・再配信 {formatDateTime(r.created_at)}
          <br />
          締切 {formatDateTime(r.previous_end_time)} →{' '}
          <strong style={{ color: 'inherit' }}>{formatDateTime(r.end_time)}</strong>
        </div>
      </section>
      <section style={panel} aria-label="再配信した生徒">
        <strong>再配信した生徒（{r.students.length}人）</strong>
        <table style={{ width: '100%', borderCollapse: 'collapse', marginTop: 8 }}>
          <thead>
            <tr style={{ ...muted, textAlign: 'left', borderBottom: '1px solid #f0f0f0' }}>
              <th style={{ padding: 6, fontWeight: 500, width: 80 }}>番号</th>
              <th style={{ padding: 6, fontWeight: 500 }}>氏名</th>
              <th style={{ padding: 6, fontWeight: 500 }}>生徒ID</th>
              <th style={{ padding: 6, fontWeight: 500 }}>提出</th>
            </tr>
          </thead>
          <tbody>
            {r.students.map((s) => (
              <tr key={s.student_id} style={{ borderBottom: '1px solid #f5f5f5' }} data-testid="reissue-student">
                <td style={{ padding: 6 }}>{s.number ?? '—'}</td>
                <td style={{ padding: 6 }}>{s.name}</td>
                <td style={{ padding: 6 }}>{s.student_id}</td>
                <td style={{ padding: 6 }}>
                  {s.submitted_at ? (
                    <Tag color="green">提出済み {formatDateTime(s.submitted_at)}</Tag>
                  ) : (
                    <Tag color="orange">未提出</Tag>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
