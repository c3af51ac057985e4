import {
  DeleteOutlined,
  DownloadOutlined,
  IdcardOutlined,
  KeyOutlined,
  LogoutOutlined,
  PrinterOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { studentSortFields } from '@ondoku/contract';
import { type StudentRow } from '@ondoku/contract';
import { Button, Card, ConfigProvider, Input, Space, Table, Tag, Typography, type TableProps, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListContainer } from '../../../components/ui/list-container';
import { useListState } from '../../../components/ui/use-list-state';
import { paths } from '../../../config/paths';
import { searchWord, useSubmitOnce } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { studentBranchRowsQueryOptions } from '../../../lib/queries';
import {
  fetchBatchDeletionConfirm,
  useBatchDeletion,
  useResetStudentsInfo,
  useStudentBatchLeave,
  useStudentPageRows,
} from '../api';
import { downloadStudentsXlsx } from '../api/export-students';
import { BulkNameModal } from './bulk-name-modal';
import { ImportModal } from './import-modal';
import { MoveStudentsButtons } from './move-students';

type SortField = (typeof studentSortFields)[number];
const PAGE_SIZE = 20;
const PAGE_SIZES = [20, 50, 100] as const;
/** Selected rows in a light tint of the brand green (the derived default is a heavy grey-green). */
const selectedRowColors = { rowSelectedBg: '#eaf5ef', rowSelectedHoverBg: '#dcefe5' };

export const openLoginCards = (classId: number, loginIds?: string[]) =>
  window.open(`#${paths.loginCards.getHref(classId, loginIds)}`, '_blank');

/** /manage-class/:classId: the class's students with search, sort, selection and the bulk actions. */
export function ClassStudents({ classId }: { classId: number }) {
  const [modal, modalHolder] = Modal.useModal();
  // The page size the teacher chose holds for every class's list in this browser session.
  const list = useListState(`class-students:${classId}`, { pageSize: PAGE_SIZE, sizeKey: 'students' });
  const queryClient = useQueryClient();
  const [kw, setKw] = useState('');
  const [sort, setSort] = useState<{ field: SortField; order: 'asc' | 'desc' }>({ field: 'number', order: 'asc' });
  const [selected, setSelected] = useState<string[]>([]);
  const [nameModal, setNameModal] = useState<'grade' | 'kumi' | null>(null);
  const [importing, setImporting] = useState(false);
  const query = useStudentPageRows({
    page: list.page,
    limit: list.pageSize,
    team_id: classId,
    kw: kw || undefined,
    sort_field: sort.field,
    sort_order: sort.order,
  });
  const { data, isFetching } = query;
  const leave = useStudentBatchLeave();
  const reset = useResetStudentsInfo();
  const deletion = useBatchDeletion();
  const n = selected.length;

  // docs/classes.md, Edges (selection across pages): a whole page selected offers the whole class (every page).
  const pageIds = data?.rows.map((r) => r.student_id) ?? [];
  const classTotal = data?.total ?? 0;
  const pageSelected = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  const offerAll = pageSelected && !kw && classTotal > n;
  const [selectingAll, setSelectingAll] = useState(false);
  const selectAll = async () => {
    setSelectingAll(true);
    try {
      const tree = await queryClient.fetchQuery(studentBranchRowsQueryOptions(true));
      const members = tree.rows.find((c) => c.team_id === classId)?.students ?? [];
      setSelected(members.map((m) => m.student_id));
    } catch {
      // The request layer has told the teacher.
    } finally {
      setSelectingAll(false);
    }
  };
  const selectAllBar = offerAll ? (
    <div
      data-testid="select-all"
      style={{ padding: '6px 12px', marginBottom: 8, background: '#f6faf8', borderRadius: 8 }}
    >
      このページの{pageIds.length}人を選択しています。
      <Button type="link" size="small" loading={selectingAll} onClick={() => void selectAll()}>
        このクラスの生徒{classTotal}人をすべて選択
      </Button>
    </div>
  ) : null;

  const confirmLeave = () =>
    modal.confirm({
      title: `${n}人をこのクラスから外しますか？`,
      content: '生徒のアカウントと学習記録は残ります。ほかのクラスに入っている場合は、そのクラスにはそのまま残ります。',
      okText: `${n}人を外す`,
      cancelText: 'キャンセル',
      onOk: async () => {
        const r = await leave.mutateAsync({ team_id: classId, student_ids: selected });
        notify.success(`${r.count}人をクラスから外しました。`);
        setSelected([]);
      },
    });

  const confirmReset = () =>
    modal.confirm({
      title: `${n}人の初期パスワードを再発行しますか？`,
      content:
        '新しいパスワードを作成します。今のパスワード（生徒が自分で変えたものを含む）ではログインできなくなります。',
      okText: `${n}人分を再発行`,
      cancelText: 'キャンセル',
      onOk: async () => {
        const r = await reset.mutateAsync({ student_ids: selected });
        notify.success(`${r.count}人の初期パスワードを再発行しました。ログインカードを印刷して配ってください。`);
      },
    });

  const confirmDeleteAll = async () => {
    const info = await fetchBatchDeletionConfirm(classId).catch(() => null);
    if (!info) return;
    if (info.student_count === 0) {
      notify.toast('このクラスには生徒がいません。');
      return;
    }
    modal.confirm({
      title: `「${info.name}」の生徒${info.student_count}人を削除しますか？`,
      icon: <DeleteOutlined style={{ color: '#d4380d' }} />,
      content: (
        <div data-testid="deletion-confirm">
          <p>
            このクラスの生徒<strong>{info.student_count}人</strong>のアカウントを削除します。
            生徒IDとパスワード、これまでの学習記録もすべて失われ、元に戻せません。
          </p>
          {info.in_other_teams_count > 0 && (
            <p>
              このうち<strong>{info.in_other_teams_count}人</strong>
              はほかのクラスにも入っていて、そのクラスからもいなくなります。
            </p>
          )}
          <p>クラス自体は残ります。</p>
        </div>
      ),
      okText: `${info.student_count}人を削除`,
      okButtonProps: { danger: true },
      cancelText: 'キャンセル',
      onOk: async () => {
        const r = await deletion.mutateAsync({ team_id: classId, student_count: info.student_count });
        notify.success(`${r.count}人の生徒を削除しました。`);
        setSelected([]);
        list.setPage(1);
      },
    });
  };

  // A double click asks once (the count is fetched before the confirmation opens).
  const askingDeletion = useSubmitOnce(confirmDeleteAll);

  const columns: TableProps<StudentRow>['columns'] = [
    {
      title: '番号',
      dataIndex: 'number',
      key: 'number',
      width: 80,
      sorter: true,
      render: (v: string | null) => v ?? '—',
    },
    { title: '生徒ID', dataIndex: 'student_id', key: 'student_id', sorter: true },
    {
      title: '氏名',
      dataIndex: 'name',
      key: 'furigana',
      sorter: true,
      render: (_: string, s) => (
        <Link to={paths.studentDetails.getHref(s.student_id)}>
          <div style={{ fontSize: 11, color: '#888', lineHeight: 1.2 }}>{s.furigana}</div>
          {s.name}
        </Link>
      ),
    },
    { title: '学年', dataIndex: 'grade_name', key: 'grade_name', width: 80, sorter: true },
    { title: '組', dataIndex: 'class_name', key: 'class_name', width: 80, sorter: true },
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
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Input.Search
          allowClear
          placeholder="生徒ID・氏名・ふりがなで検索"
          style={{ width: 280 }}
          onSearch={(v) => {
            const word = searchWord(v);
            if (word === null) return;
            setKw(word);
            list.setPage(1);
          }}
        />
        <Space wrap>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            ファイルから取り込む
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void downloadStudentsXlsx(classId).catch(() => {})}>
            Excelに書き出す
          </Button>
          <Button icon={<PrinterOutlined />} onClick={() => openLoginCards(classId)}>
            ログインカードを印刷
          </Button>
        </Space>
      </Space>

      <div
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
        data-testid="bulk-bar"
      >
        <Typography.Text strong style={{ marginRight: 8 }}>
          {n ? `${n}人を選択中` : '生徒を選ぶと、まとめて操作できます'}
        </Typography.Text>
        <Button size="small" disabled={!n} icon={<IdcardOutlined />} onClick={() => setNameModal('grade')}>
          学年を変更
        </Button>
        <Button size="small" disabled={!n} icon={<IdcardOutlined />} onClick={() => setNameModal('kumi')}>
          組を変更
        </Button>
        <Button size="small" disabled={!n} icon={<PrinterOutlined />} onClick={() => openLoginCards(classId, selected)}>
          選択した生徒のカード
        </Button>
        <Button size="small" disabled={!n} icon={<KeyOutlined />} onClick={confirmReset}>
          初期パスワードを再発行
        </Button>
        <Button size="small" disabled={!n} icon={<LogoutOutlined />} onClick={confirmLeave}>
          クラスから外す
        </Button>
        <MoveStudentsButtons classId={classId} selected={selected} onDone={() => setSelected([])} />
        {n > 0 && (
          <Button size="small" type="link" onClick={() => setSelected([])}>
            選択を解除
          </Button>
        )}
      </div>

      <ConfigProvider theme={{ components: { Table: selectedRowColors } }}>
        <ListContainer
          query={query}
          showEmpty={false}
          total={data?.total ?? 0}
          list={list}
          pageSizeOptions={PAGE_SIZES}
          header={selectAllBar}
          totalText={(total) => `全${total}人`}
        >
          <Table<StudentRow>
            rowKey="student_id"
            size="middle"
            loading={isFetching}
            columns={columns}
            dataSource={data?.rows ?? []}
            rowSelection={{
              selectedRowKeys: selected,
              preserveSelectedRowKeys: true,
              onChange: (keys) => setSelected(keys as string[]),
            }}
            locale={{
              emptyText: kw
                ? '該当する生徒はいません。'
                : 'このクラスにはまだ生徒がいません。「ファイルから取り込む」で追加できます。',
            }}
            pagination={false}
            onChange={(_p, _f, sorter) => {
              const s = Array.isArray(sorter) ? sorter[0] : sorter;
              if (s?.order && s.columnKey)
                setSort({ field: s.columnKey as SortField, order: s.order === 'ascend' ? 'asc' : 'desc' });
              else setSort({ field: 'number', order: 'asc' });
              list.setPage(1);
            }}
          />
        </ListContainer>
      </ConfigProvider>

      <div
        style={{
          marginTop: 24,
          paddingTop: 16,
          borderTop: '1px dashed #f0c8bd',
          display: 'flex',
          alignItems: 'center',
          gap: 12,
        }}
      >
        <Button
          danger
          icon={<DeleteOutlined />}
          loading={askingDeletion.running || deletion.isPending}
          onClick={() => askingDeletion.run()}
        >
          このクラスの生徒を全員削除
        </Button>
        <Typography.Text type="secondary">卒業などで使わなくなったアカウントを削除します。</Typography.Text>
      </div>

      <BulkNameModal kind={nameModal} loginIds={selected} onClose={() => setNameModal(null)} />
      <ImportModal open={importing} classId={classId} onClose={() => setImporting(false)} />
      {modalHolder}
    </Card>
  );
}
