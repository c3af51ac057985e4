import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  DeleteOutlined,
  EditOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  HolderOutlined,
  PlusOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ClassRow } from '@ondoku/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { wrappingCardHead } from '../../../components/ui/card-head';
import { ListContainer } from '../../../components/ui/list-container';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { queryKeys, useClassList } from '../../../lib/queries';
import { useHideClass, useReorderClasses, useShowClass, useUpdateClass } from '../api';
import { useClassDeletion } from './class-deletion';
import { ClassFormModal } from './class-form-modal';

/** What hiding does, shown on the 非表示 button (docs/classes.md, "Edges", One way to confirm). */
export const HIDE_HELP =
  '非表示にすると、宿題を配信するときのクラス選択に出なくなります。生徒と学習記録はそのまま残り、「表示する」でいつでも戻せます。';

function ClassItem({ row, onEdit, onDelete }: { row: ClassRow; onEdit(): void; onDelete(): void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: row.team_id,
  });
  const update = useUpdateClass();
  const hide = useHideClass();
  const show = useShowClass();
  return (
    <div
      ref={setNodeRef}
      data-testid="class-row"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        padding: '10px 12px',
        background: isDragging ? '#eef7f2' : row.hidden ? '#fafafa' : '#fff',
        border: '1px solid #e8ecea',
        borderRadius: 8,
        marginBottom: 8,
        position: 'relative',
        zIndex: isDragging ? 1 : 0,
      }}
    >
      <Button
        type="text"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        icon={<HolderOutlined />}
        aria-label={`${row.name}の並び順を変更`}
        style={{ cursor: 'grab' }}
      />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Link
          to={paths.manageClass.getHref(row.team_id)}
          style={{ fontSize: 16, fontWeight: 600, color: row.hidden ? '#999' : undefined }}
        >
          {row.name}
        </Link>{' '}
        {row.hidden && <Tag>非表示</Tag>}
        <div style={{ color: '#666', fontSize: 13 }}>
          <TeamOutlined /> {row.student_count}人
        </div>
      </div>
      <Tooltip title="生徒がクラスコードで参加できるか">
        <Space size={4}>
          <span style={{ fontSize: 13, color: '#666' }}>参加</span>
          <Switch
            size="small"
            checked={row.allow_join === 1}
            loading={update.isPending}
            aria-label={`${row.name}への参加を許可`}
            onChange={(on) =>
              update.mutate(
                { id: row.team_id, name: row.name, allow_join: on ? 1 : 0 },
                {
                  onSuccess: () =>
                    notify.success(
                      on ? `「${row.name}」への参加を許可しました。` : `「${row.name}」への参加を停止しました。`,
                    ),
                },
              )
            }
          />
        </Space>
      </Tooltip>
      <Button icon={<EditOutlined />} onClick={onEdit}>
        編集
      </Button>
      {row.hidden ? (
        <Button
          icon={<EyeOutlined />}
          loading={show.isPending}
          onClick={() =>
            show.mutate(
              { team_id: row.team_id },
              { onSuccess: () => notify.success(`「${row.name}」を表示に戻しました。`) },
            )
          }
        >
          表示する
        </Button>
      ) : (
        <Tooltip title={HIDE_HELP}>
          <Button
            icon={<EyeInvisibleOutlined />}
            aria-description={HIDE_HELP}
            loading={hide.isPending}
            onClick={() =>
              hide.mutate(
                { team_id: row.team_id },
                { onSuccess: () => notify.success(`「${row.name}」を非表示にしました。`) },
              )
            }
          >
            非表示
          </Button>
        </Tooltip>
      )}
      <Link to={paths.manageClass.getHref(row.team_id)}>
        <Button type="primary" ghost>
          生徒を管理
        </Button>
      </Link>
      <Tooltip title="クラスを削除">
        <Button danger type="text" icon={<DeleteOutlined />} aria-label={`${row.name}を削除`} onClick={onDelete} />
      </Tooltip>
    </div>
  );
}

/** The class/ID editing screen's class list: drag to reorder, hide/show, create, rename. */
export function ClassList({ extra }: { extra?: ReactNode }) {
  const classList = useClassList();
  const { data } = classList;
  const reorder = useReorderClasses();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ClassRow | null>(null);
  const [creating, setCreating] = useState(false);
  const deletion = useClassDeletion();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const rows = data?.rows ?? [];

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = rows.findIndex((r) => r.team_id === active.id);
    const to = rows.findIndex((r) => r.team_id === over.id);
    const next = arrayMove(rows, from, to);
    queryClient.setQueryData(queryKeys.classes.list(), { rows: next });
    reorder.mutate(
      { team_ids: next.map((r) => r.team_id) },
      { onSuccess: () => notify.success('クラスの並び順を保存しました。') },
    );
  };

  return (
    <Card
      title="クラス一覧"
      styles={wrappingCardHead}
      extra={
        <Space wrap style={{ justifyContent: 'flex-end' }}>
          <Link to={paths.studentOverview.path}>
            <Button>全生徒を見る</Button>
          </Link>
          <Link to={paths.unassignedStudents.path}>
            <Button>クラス未所属</Button>
          </Link>
          <Link to={paths.yearRollover.path}>
            <Button>年度更新</Button>
          </Link>
          {extra}
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            クラスを作成
          </Button>
        </Space>
      }
    >
      {rows.length > 1 && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13, marginBottom: 8 }}>
          ドラッグして並べ替えられます
        </Typography.Text>
      )}
      <ListContainer
        query={classList}
        total={rows.length}
        emptyText="まだクラスがありません。「クラスを作成」から始めましょう。"
      >
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={rows.map((r) => r.team_id)} strategy={verticalListSortingStrategy}>
            {rows.map((row) => (
              <ClassItem
                key={row.team_id}
                row={row}
                onEdit={() => setEditing(row)}
                onDelete={() => deletion.confirmDelete(row)}
              />
            ))}
          </SortableContext>
        </DndContext>
      </ListContainer>
      <ClassFormModal
        open={creating || editing !== null}
        existing={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
      {deletion.holder}
    </Card>
  );
}
