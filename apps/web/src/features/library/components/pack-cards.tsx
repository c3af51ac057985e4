import { AppstoreOutlined, CheckCircleFilled } from '@ant-design/icons';
import { exerciseTypeLabels, type ExerciseType, type PackRow } from '@ondoku/contract';
import { Button, Tooltip } from 'antd';
import { usePackList } from '../api';

/**
 * Resource packs for the current type and grade: a card each, to list a pack's resources or to
 * choose the whole pack (the selection becomes the pack). A pack without resources
 * cannot be chosen (it would empty the selection).
 */
export function PackCards({
  type,
  grade,
  listed,
  chosen,
  onList,
  onChoose,
}: {
  type?: ExerciseType;
  grade?: number;
  listed?: string;
  chosen?: string;
  onList(pack: PackRow | null): void;
  onChoose(pack: PackRow): void;
}) {
  const { data } = usePackList({ page: 1, limit: 20, type, grade });
  const rows = data?.rows ?? [];
  if (!rows.length) return null;
  return (
    <section aria-label="教材パック" style={{ marginTop: 16 }}>
      <div style={{ fontWeight: 600, marginBottom: 8 }}>
        <AppstoreOutlined /> 教材パック
        <span style={{ fontWeight: 400, color: 'rgba(0,0,0,0.45)', marginLeft: 8, fontSize: 12 }}>
          まとめて宿題にできる教材のセットです
        </span>
      </div>
      <div style={{ display: 'flex', gap: 12, overflowX: 'auto', paddingBottom: 4 }}>
        {rows.map((p) => {
          const isListed = listed === p.code;
          const isChosen = chosen === p.code;
          return (
            <div
              key={p.code}
              data-testid="pack-card"
              style={{
                flex: 'none',
                width: 200,
                padding: 12,
                borderRadius: 8,
                background: '#fff',
                border: `1px solid ${isListed || isChosen ? '#1f7a5c' : '#e8ecea'}`,
              }}
            >
              <div style={{ fontWeight: 600, minHeight: 44 }}>
                {isChosen && <CheckCircleFilled style={{ color: '#1f7a5c', marginRight: 4 }} />}
                {p.title}
              </div>
              <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)', margin: '4px 0 8px' }}>
                {exerciseTypeLabels[p.type]}・{p.total ? `${p.total}件` : '教材なし'}
              </div>
              <div style={{ display: 'flex', gap: 6 }}>
                <Button
                  size="small"
                  type={isListed ? 'primary' : 'default'}
                  ghost={isListed}
                  onClick={() => onList(isListed ? null : p)}
                >
                  {isListed ? '一覧を戻す' : '中身を見る'}
                </Button>
                <Tooltip title={p.total === 0 ? '教材が入っていないパックは選べません' : undefined}>
                  <Button size="small" disabled={p.total === 0 || isChosen} onClick={() => onChoose(p)}>
                    {isChosen ? '選択中' : 'パックを選ぶ'}
                  </Button>
                </Tooltip>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
