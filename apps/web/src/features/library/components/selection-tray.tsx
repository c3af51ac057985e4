import { AppstoreOutlined } from '@ant-design/icons';
import { exerciseTypeLabels } from '@ondoku/contract';
import { Button, Empty, Tag } from 'antd';
import { selectionStore, useHomeworkSelection } from '../selection/selection-store';

/**
 * The current new-homework selection: how many, each removable, or the chosen pack. The
 * homework form (its own issue) continues from here with the same store.
 */
export function SelectionTray() {
  const selection = useHomeworkSelection();
  const { resources, pack } = selection;
  return (
    <aside
      aria-label="選択中の教材"
      data-testid="selection-tray"
      style={{ background: '#fff', border: '1px solid #e8ecea', borderRadius: 8, padding: 16 }}
    >
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 8 }}>
        <strong>
          選択中の教材 <span data-testid="selection-count">{pack ? pack.total : resources.length}</span>件
        </strong>
        {resources.length > 0 && (
          <Button size="small" type="link" onClick={() => selectionStore.add(null)}>
            すべて外す
          </Button>
        )}
      </div>
      {resources.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="宿題にする教材にチェックを入れてください" />
      ) : (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
          {resources.map((r) => (
            <Tag
              key={String(r.id)}
              closable
              icon={pack ? <AppstoreOutlined /> : undefined}
              closeIcon={<span aria-label={`「${r.title}」を外す`}>×</span>}
              onClose={(e) => {
                e.preventDefault();
                selectionStore.remove([r.id]);
              }}
              style={{ padding: '2px 8px', fontSize: 13 }}
            >
              {pack ? 'パック：' : ''}
              {r.title}
              <span style={{ color: 'rgba(0,0,0,0.45)', marginLeft: 4 }}>{exerciseTypeLabels[r.type]}</span>
            </Tag>
          ))}
        </div>
      )}
    </aside>
  );
}
