import { PrinterOutlined } from '@ant-design/icons';
import { Button, Result, Spin } from 'antd';
import { useCardsOf } from '../api';
import { LoginCard, loginCardsCss } from './login-cards';

/**
 * Printable login cards of students chosen by id, whatever their class (クラス未所属 included):
 * the same sheet as a class's cards; each card names the student's first class.
 */
export function StudentCards({ loginIds }: { loginIds: string[] }) {
  const { data, isLoading, isError } = useCardsOf(loginIds);
  if (loginIds.length === 0) return <Result status="info" title="生徒が選ばれていません。" />;
  if (isLoading) return <Spin style={{ display: 'block', margin: '30vh auto' }} />;
  if (isError || !data) return <Result status="warning" title="ログインカードを表示できませんでした。" />;
  return (
    <div className="login-cards">
      <style>{loginCardsCss}</style>
      <div className="toolbar">
        <div>
          <strong style={{ fontSize: 18 }}>選択した生徒</strong> のログインカード（{data.rows.length}人）
          <div style={{ color: '#666', fontSize: 13 }}>点線で切り離して配ってください。A4用紙1枚に10人分です。</div>
        </div>
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          印刷する
        </Button>
      </div>
      <div className="sheet">
        {data.rows.map((r) => (
          <LoginCard key={r.student_id} row={r} classLabel={r.team_name} />
        ))}
      </div>
    </div>
  );
}
