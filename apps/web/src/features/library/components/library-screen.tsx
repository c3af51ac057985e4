import { preparationMessages, type PackRow, type ResourceRow } from '@ondoku/contract';
import { Alert, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { ListContainer } from '../../../components/ui/list-container';
import { PreparingNotice } from '../../../components/ui/preparing-notice';
import { usePreparation } from '../../../lib/queries/preparation';
import { useListState } from '../../../components/ui/use-list-state';
import { usePackDetail, useResourceSearch } from '../api';
import { selectionStore, useHomeworkSelection } from '../selection/selection-store';
import { LibraryFilterBar, type LibraryFilters } from './library-filters';
import { PackCards } from './pack-cards';
import { PreviewDrawer } from './preview-drawer';
import { ResourceList } from './resource-list';
import { SelectionTray } from './selection-tray';

const PAGE_SIZE = 10;
const initialFilters: LibraryFilters = { kw: '' };

/**
 * /homework-create/form, first step of homework distribution: find resources in the library
 * (filters, keyword, packs), preview them, and check the ones to assign. The selection is the
 * store of docs/library-web.md ("The selection store"), which the homework form continues with.
 */
export function LibraryScreen({
  extra,
  rowActions,
}: {
  /** Beside the heading (the route links free recitation there). */
  extra?: ReactNode;
  rowActions?(row: ResourceRow): ReactNode;
} = {}) {
  const list = useListState('library', { pageSize: PAGE_SIZE, filters: initialFilters });
  const preparation = usePreparation();
  const f = list.filters;
  const selection = useHomeworkSelection();
  const [previewing, setPreviewing] = useState<ResourceRow | null>(null);
  const query = useResourceSearch({
    page: list.page,
    limit: list.pageSize,
    kw: f.kw || undefined,
    type: f.type,
    grade: f.grade,
    origin_type: f.origin,
    pack_code: f.pack,
  });
  const { data } = query;
  const listedPack = usePackDetail(f.pack ?? null).data;
  const selectedIds = new Set(selection.resources.map((r) => r.id));
  const isSelected = (id: number) => selectedIds.has(id);
  const toggle = (row: ResourceRow, checked: boolean) => {
    if (checked) selectionStore.add([{ id: row.resource_id, title: row.title, type: row.type }]);
    else selectionStore.remove([row.resource_id]);
  };
  const listPack = (p: PackRow | null) => list.setFilters({ pack: p?.code });

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <section style={{ background: '#fff', border: '1px solid #e8ecea', borderRadius: 8, padding: 16 }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 12 }}>
          <div style={{ fontSize: 16, fontWeight: 600, flex: 1 }}>宿題にする教材を選ぶ</div>
          {extra}
        </div>
        <LibraryFilterBar filters={f} onChange={(patch) => list.setFilters(patch)} />
        <PackCards
          type={f.type}
          grade={f.grade}
          listed={f.pack}
          chosen={selection.pack?.code}
          onList={listPack}
          onChoose={(p) => selectionStore.setPack({ code: p.code, title: p.title, type: p.type, total: p.total })}
        />
      </section>
      {selection.pack && (
        <Alert
          type="info"
          showIcon
          title={`教材パック「${selection.pack.title}」（${selection.pack.total}件）を選んでいます。教材にチェックを入れると、パックの選択は解除されます。`}
        />
      )}
      <SelectionTray />
      <section style={{ background: '#fff', border: '1px solid #e8ecea', borderRadius: 8, padding: '8px 16px 16px' }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '8px 0' }}>
          <strong>教材</strong>
          {data && <span style={{ color: 'rgba(0,0,0,0.55)' }}>全{data.total}件</span>}
          {f.pack && (
            <Tag closable onClose={() => listPack(null)} color="green">
              パック：{listedPack?.title ?? f.pack}
            </Tag>
          )}
        </div>
        <PreparingNotice what="library" preparation={preparation} />
        <ListContainer
          query={query}
          total={data?.total ?? 0}
          list={list}
          emptyText={
            preparation?.library
              ? preparationMessages.library(preparation.library)
              : '条件に合う教材がありません。絞り込みを変えてお試しください。'
          }
        >
          <ResourceList
            rows={data?.rows ?? []}
            isSelected={isSelected}
            onToggle={toggle}
            onPreview={setPreviewing}
            rowActions={rowActions}
          />
        </ListContainer>
      </section>
      <PreviewDrawer
        row={previewing}
        selected={previewing ? isSelected(previewing.resource_id) : false}
        onToggle={(row) => toggle(row, !isSelected(row.resource_id))}
        onClose={() => setPreviewing(null)}
      />
    </div>
  );
}
