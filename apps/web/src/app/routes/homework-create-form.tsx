import { EditOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { RecitationRowActions } from '../../features/free-recitation/components/row-actions';
import { LibraryScreen } from '../../features/library/components/library-screen';
import { useHomeworkSelection } from '../../features/library/selection/selection-store';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: '宿題配信', level: 0, menu: paths.homeworkCreate.path };

/**
 * /homework-create/form: the library screen, and below it where the selection goes next — the
 * creation wizard of one of the three variants (a word test takes its words from a word book,
 * not from the selection).
 */
export function Component() {
  const selection = useHomeworkSelection();
  const navigate = useNavigate();
  const count = selection.pack ? selection.pack.total : selection.resources.length;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16, paddingBottom: 72 }}>
      <LibraryScreen
        extra={
          <Button icon={<EditOutlined />} onClick={() => navigate(paths.freeRecitation.getHref())}>
            自分で教材をつくる（自由音読）
          </Button>
        }
        rowActions={(row) => <RecitationRowActions row={row} />}
      />
      <div
        data-testid="wizard-start"
        style={{
          position: 'sticky',
          bottom: 0,
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          padding: '12px 16px',
          background: '#fff',
          border: '1px solid #e8ecea',
          borderRadius: 8,
          boxShadow: '0 -2px 8px rgba(0,0,0,0.06)',
        }}
      >
        <span style={{ flex: 1 }}>
          {count ? `選択中の教材 ${count}件で宿題をつくる` : '教材を選ぶと宿題をつくれます（単語テストは単語帳から）'}
        </span>
        <Button type="primary" disabled={!count} onClick={() => navigate(paths.homeworkCreateRoutine.getHref(1))}>
          次へ（通常宿題）
        </Button>
        <Button
          disabled={!count || !!selection.pack}
          title={selection.pack ? '定期宿題では教材パックは使えません' : undefined}
          onClick={() => navigate(paths.homeworkCreatePeriodic.getHref(1))}
        >
          次へ（定期宿題）
        </Button>
        <Button onClick={() => navigate(paths.homeworkCreateWordtest.getHref(1))}>単語テストをつくる</Button>
      </div>
    </div>
  );
}
