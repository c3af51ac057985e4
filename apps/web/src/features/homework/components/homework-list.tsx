import { type HomeworkRow } from '@ondoku/contract';
import { Input, Tag } from 'antd';
import { ListContainer } from '../../../components/ui/list-container';
import { useListState } from '../../../components/ui/use-list-state';
import { formatDateTime } from '../../../lib/dates';
import { searchWord } from '../../../lib/form';
import { useHomeworkPageList } from '../api';

const originLabel = { headquarters: '本部', classroom: '教室' } as const;

function HomeworkItem({ hw }: { hw: HomeworkRow }) {
  return (
    // A small card drawn with plain markup: antd's Card brings Tabs, Dropdown and Menu with it.
    <section
      style={{ marginBottom: 12, padding: 12, background: '#fff', border: '1px solid #f0f0f0', borderRadius: 8 }}
    >
      <strong style={{ fontSize: 16 }}>{hw.title}</strong>{' '}
      <Tag color={hw.origin_type === 'headquarters' ? 'blue' : 'green'}>{originLabel[hw.origin_type]}</Tag>
      {hw.has_delay && <Tag color="orange">延長あり</Tag>}
      <div style={{ color: '#666', marginTop: 4 }}>
        配信 {formatDateTime(hw.start_time)} 〜 締切 {formatDateTime(hw.end_time)}
      </div>
    </section>
  );
}

/** The teacher's homework list (route /homework-management). */
export function HomeworkList() {
  const list = useListState('homework-list', { filters: { searchTitle: '' } });
  const { searchTitle } = list.filters;
  const query = useHomeworkPageList({
    page: list.page,
    limit: list.pageSize,
    search_title: searchTitle || undefined,
  });
  const { data } = query;
  return (
    <>
      <Input.Search
        allowClear
        defaultValue={searchTitle}
        placeholder="宿題のタイトルで検索"
        style={{ maxWidth: 360, marginBottom: 16 }}
        onSearch={(v) => {
          const word = searchWord(v);
          if (word !== null) list.setFilters({ searchTitle: word });
        }}
      />
      <ListContainer
        query={query}
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
