import { type HomeworkRow } from '@ondoku/contract';
import { Card, Input, Tag, Typography } from 'antd';
import { ListContainer } from '../../../components/ui/list-container';
import { useListState } from '../../../components/ui/use-list-state';
import { formatDateTime } from '../../../lib/dates';
import { useHomeworkPageList } from '../api';

const originLabel = { headquarters: '本部', classroom: '教室' } as const;

function HomeworkItem({ hw }: { hw: HomeworkRow }) {
  return (
    <Card size="small" style={{ marginBottom: 12 }}>
      <Typography.Text strong style={{ fontSize: 16 }}>
        {hw.title}
      </Typography.Text>{' '}
      <Tag color={hw.origin_type === 'headquarters' ? 'blue' : 'green'}>{originLabel[hw.origin_type]}</Tag>
      {hw.has_delay && <Tag color="orange">延長あり</Tag>}
      <div style={{ color: '#666', marginTop: 4 }}>
        配信 {formatDateTime(hw.start_time)} 〜 締切 {formatDateTime(hw.end_time)}
      </div>
    </Card>
  );
}

/** The teacher's homework list (route /homework-management). */
export function HomeworkList() {
  const list = useListState('homework-list', { filters: { searchTitle: '' } });
  const { searchTitle } = list.filters;
  const { data, isLoading } = useHomeworkPageList({
    page: list.page,
    limit: list.pageSize,
    search_title: searchTitle || undefined,
  });
  return (
    <>
      <Input.Search
        allowClear
        defaultValue={searchTitle}
        placeholder="宿題のタイトルで検索"
        style={{ maxWidth: 360, marginBottom: 16 }}
        onSearch={(v) => list.setFilters({ searchTitle: v.trim() })}
      />
      <ListContainer
        loading={isLoading}
        total={data?.total ?? 0}
        list={list}
        emptyText={searchTitle ? '該当する宿題はありません。' : 'まだ宿題がありません。'}
      >
        {data?.rows.map((hw) => (
          <HomeworkItem key={hw.homework_id} hw={hw} />
        ))}
      </ListContainer>
    </>
  );
}
