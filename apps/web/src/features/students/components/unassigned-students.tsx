import { DeleteOutlined, KeyOutlined, PrinterOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { type StudentRow } from '@ondoku/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Modal, Space, Table, Tag, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListContainer } from '../../../components/ui/list-container';
import { useListState } from '../../../components/ui/use-list-state';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import {
  cardsOfQueryOptions,
  useResetStudentsInfo,
  useStudentBatchAdd,
  useStudentBatchDelete,
  useUnassignedPage,
} from '../api';
import { ClassPickerModal } from './move-students';

const openCards = (ids: string[]) => window.open(`#${paths.studentCards.getHref(ids)}`, '_blank');

/**
 * /student/unassigned (クラス未所属): the teacher's students who are in no class — taken out of
 * their last class, or left by a deleted class. Every action works here: add to a class, print a
 * login card, re-issue the initial password and see it, delete. A roster import with their id
 * brings them back into the import's class.
 */
export function UnassignedStudents() {
  const [modal, holder] = Modal.useModal();
  const queryClient = useQueryClient();
  const list = useListState<{ kw: string }>('unassigned-students', { pageSize: 20, filters: { kw: '' } });
  const kw = list.filters.kw;
  const query = useUnassignedPage({ page: list.page, limit: list.pageSize, kw: kw || undefined });
  const { data, isFetching } = query;
  const [selected, setSelected] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const add = useStudentBatchAdd();
  const reset = useResetStudentsInfo();
  const remove = useStudentBatchDelete();
  const n = selected.length;

  const showPasswords = async (ids: string[]) => {
    const cards = await queryClient.fetchQuery(cardsOfQueryOptions(ids));
    modal.info({
      title: '新しい初期パスワード',
      width: 560,
      okText: '閉じる',
      content: (
        <div data-testid="issued-passwords">
          <Typography.Paragraph type="secondary">
            生徒に伝えるか、ログインカードを印刷して配ってください。生徒が自分のパスワードに変えるまで、ここやカードで確認できます。
          </Typography.Paragraph>
          <Table
            size="small"
            rowKey="student_id"
            pagination={false}
            dataSource={cards.rows}
            columns={[
              { title: '生徒ID', dataIndex: 'student_id' },
              { title: '氏名', dataIndex: 'name' },
              {
                title: '初期パスワード',
                dataIndex: 'initial_password',
                render: (v: string | null) => <code style={{ fontSize: 15 }}>{v ?? '—'}</code>,
              },
            ]}
          />
          <Button style={{ marginTop: 12 }} icon={<PrinterOutlined />} onClick={() => openCards(ids)}>
            ログインカードを印刷
          </Button>
        </div>
      ),
    });
  };

  const confirmReset = () =>
    modal.confirm({
      title: `${n}人の初期パスワードを再発行しますか？`,
      content:
        '新しいパスワードを作成します。今のパスワード（生徒が自分で変えたものを含む）ではログインできなくなります。',
      okText: `${n}人分を再発行`,
      cancelText: 'キャンセル',
      onOk: async () => {
        const ids = [...selected];
        const r = await reset.mutateAsync({ student_ids: ids });
        notify.success(`${r.count}人の初期パスワードを再発行しました。`);
        await showPasswords(ids).catch(() => {});
      },
    });

  const confirmDelete = () =>
    modal.confirm({
      title: `${n}人の生徒を削除しますか？`,
      icon: <DeleteOutlined style={{ color: '#d4380d' }} />,
      content: '生徒のアカウントを削除します。生徒IDとパスワード、これまでの学習記録もすべて失われ、元に戻せません。',
      okText: `${n}人を削除`,
      okButtonProps: { danger: true },
      cancelText: 'キャンセル',
      onOk: async () => {
        const r = await remove.mutateAsync({ student_ids: selected });
        notify.success(`${r.count}人の生徒を削除しました。`);
        setSelected([]);
        list.setPage(1);
      },
    });

  const columns: TableProps<StudentRow>['columns'] = [
    { title: '番号', dataIndex: 'number', width: 70, render: (v: string | null) => v ?? '—' },
    { title: '生徒ID', dataIndex: 'student_id' },
    {
      title: '氏名',
      dataIndex: 'name',
      render: (_: string, s) => (
        <Link to={paths.studentDetails.getHref(s.student_id)}>
          <div style={{ fontSize: 11, color: '#888', lineHeight: 1.2 }}>{s.furigana}</div>
          {s.name}
        </Link>
      ),
    },
    { title: '学年', dataIndex: 'grade_name', width: 80 },
    { title: '組', dataIndex: 'class_name', width: 80 },
    {
      title: 'パスワード',
      key: 'password',
      width: 130,
      render: (_: unknown, s) =>
        s.has_initial_password ? <Tag color="blue">初期パスワード</Tag> : <Tag>生徒が変更済み</Tag>,
    },
  ];

  return (
    <Card>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="どのクラスにも入っていない生徒です。"
        description="クラスから外した生徒や、削除したクラスにいた生徒がここに入ります。クラスに追加すると、学習記録はそのまま引き継がれます。名簿ファイルで同じ生徒IDを取り込んでも、そのクラスに戻せます。"
      />
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Input.Search
          allowClear
          defaultValue={kw}
          placeholder="生徒ID・氏名・ふりがなで検索"
          style={{ width: 280 }}
          onSearch={(v) => list.setFilters({ kw: v.trim() })}
        />
      </Space>
      <div
        data-testid="bulk-bar"
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          flexWrap: 'wrap',
          padding: '8px 12px',
          marginBottom: 12,
          background: n ? '#eef7f2' : '#fafafa',
          borderRadius: 8,
        }}
      >
        <Typography.Text strong style={{ marginRight: 8 }}>
          {n ? `${n}人を選択中` : '生徒を選ぶと、まとめて操作できます'}
        </Typography.Text>
        <Button size="small" disabled={!n} icon={<UsergroupAddOutlined />} onClick={() => setAdding(true)}>
          クラスに追加
        </Button>
        <Button size="small" disabled={!n} icon={<PrinterOutlined />} onClick={() => openCards(selected)}>
          ログインカードを印刷
        </Button>
        <Button size="small" disabled={!n} icon={<KeyOutlined />} onClick={confirmReset}>
          初期パスワードを再発行
        </Button>
        <Button size="small" danger disabled={!n} icon={<DeleteOutlined />} onClick={confirmDelete}>
          削除
        </Button>
        {n > 0 && (
          <Button size="small" type="link" onClick={() => setSelected([])}>
            選択を解除
          </Button>
        )}
      </div>
      <ListContainer
        query={query}
        showEmpty={false}
        total={data?.total ?? 0}
        list={list}
        totalText={(total) => `全${total}人`}
      >
        <Table<StudentRow>
          rowKey="student_id"
          size="middle"
          loading={isFetching}
          columns={columns}
          dataSource={data?.rows ?? []}
          pagination={false}
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelected(keys as string[]),
          }}
          locale={{ emptyText: kw ? '該当する生徒はいません。' : 'クラス未所属の生徒はいません。' }}
        />
      </ListContainer>
      <ClassPickerModal
        open={adding}
        title={`${n}人をクラスに追加`}
        okText="追加する"
        note="生徒IDとパスワード、これまでの学習記録はそのまま引き継がれます。"
        pending={add.isPending}
        onOk={(classId) =>
          add.mutateAsync({ team_id: classId, student_ids: selected }).then((r) => {
            notify.success(`${r.count}人をクラスに追加しました。`);
            setSelected([]);
            setAdding(false);
          })
        }
        onClose={() => setAdding(false)}
      />
      {holder}
    </Card>
  );
}
