import { EyeOutlined } from '@ant-design/icons';
import { exerciseTypeLabels, originTypeLabels, type ResourceRow } from '@ondoku/contract';
import { Button, Checkbox, Tag } from 'antd';
import type { ReactNode } from 'react';

/** The search results: a checkbox to add to the homework, the title to preview. */
export function ResourceList({
  rows,
  isSelected,
  onToggle,
  onPreview,
  rowActions,
}: {
  rows: readonly ResourceRow[];
  isSelected(id: number): boolean;
  onToggle(row: ResourceRow, checked: boolean): void;
  onPreview(row: ResourceRow): void;
  /** More buttons on a row (the route adds edit and delete for the teacher's own material). */
  rowActions?(row: ResourceRow): ReactNode;
}) {
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="教材の一覧">
      {rows.map((r) => (
        <li
          key={r.resource_id}
          data-testid="resource-row"
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 12,
            padding: '10px 12px',
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          <Checkbox
            checked={isSelected(r.resource_id)}
            onChange={(e) => onToggle(r, e.target.checked)}
            aria-label={`「${r.title}」を宿題に入れる`}
          />
          <div style={{ flex: 1, minWidth: 0 }}>
            <Button
              type="link"
              style={{ padding: 0, height: 'auto', fontSize: 15, whiteSpace: 'normal', textAlign: 'left' }}
              onClick={() => onPreview(r)}
            >
              {r.title}
            </Button>
            <div style={{ marginTop: 4 }}>
              <Tag color="green">{exerciseTypeLabels[r.type]}</Tag>
              <Tag>{r.grade}年</Tag>
              <Tag color={r.origin_type === 'classroom' ? 'purple' : 'blue'}>{originTypeLabels[r.origin_type]}</Tag>
              <span style={{ fontSize: 12, color: 'rgba(0,0,0,0.45)' }}>{r.item_count}問</span>
            </div>
          </div>
          <Button icon={<EyeOutlined />} onClick={() => onPreview(r)} aria-label={`「${r.title}」をプレビュー`}>
            プレビュー
          </Button>
          {rowActions?.(r)}
        </li>
      ))}
    </ul>
  );
}
