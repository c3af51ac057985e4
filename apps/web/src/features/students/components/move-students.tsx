import { SwapOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { Button, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useSubmitOnce } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useClassList } from '../../../lib/queries';
import { useStudentBatchAdd, useStudentBatchMove } from '../api';

type Mode = 'move' | 'add';

/**
 * A picker of the teacher's other classes (hidden ones marked), for moving or adding students.
 * `onOk` runs once at a time (useSubmitOnce): a double click on 移動する/追加する sends one request.
 */
export function ClassPickerModal({
  open,
  title,
  okText,
  note,
  exclude,
  pending,
  onOk,
  onClose,
}: {
  open: boolean;
  title: string;
  okText: string;
  note: string;
  /** Classes not offered (the current one, or the student's classes). */
  exclude?: number[];
  pending: boolean;
  /** The request; a failed one has been told to the teacher by the request layer. */
  onOk(classId: number): Promise<unknown>;
  onClose(): void;
}) {
  const { data } = useClassList();
  const [target, setTarget] = useState<number | undefined>();
  const { run, running } = useSubmitOnce(async (classId: number) => onOk(classId));
  const options = (data?.rows ?? [])
    .filter((c) => !exclude?.includes(c.team_id))
    .map((c) => ({ value: c.team_id, label: `${c.name}${c.hidden ? '（非表示）' : ''}` }));
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText="キャンセル"
      okButtonProps={{ disabled: target === undefined, loading: pending || running }}
      onOk={() => target !== undefined && run(target)}
      onCancel={onClose}
      afterClose={() => setTarget(undefined)}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="クラス" required>
          <Select
            aria-label="クラスを選択"
            placeholder={options.length ? 'クラスを選んでください' : 'ほかのクラスがありません'}
            options={options}
            value={target}
            onChange={setTarget}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">{note}</Typography.Text>
    </Modal>
  );
}

/**
 * The bulk bar's 「別のクラスへ移動」 and 「別のクラスにも追加」: the selected students keep their
 * account, login, history and results; moving takes them out of this class, adding does not.
 */
export function MoveStudentsButtons({
  classId,
  selected,
  onDone,
}: {
  classId: number;
  selected: string[];
  onDone(): void;
}) {
  const [mode, setMode] = useState<Mode | null>(null);
  const move = useStudentBatchMove();
  const add = useStudentBatchAdd();
  const { data } = useClassList();
  const nameOf = (id: number) => data?.rows.find((c) => c.team_id === id)?.name ?? '';
  const n = selected.length;
  const run = async (target: number) => {
    if (mode === 'move') {
      const r = await move.mutateAsync({ from_team_id: classId, team_id: target, student_ids: selected });
      notify.success(`${r.count}人を「${nameOf(target)}」へ移動しました。`);
    } else {
      const r = await add.mutateAsync({ team_id: target, student_ids: selected });
      notify.success(
        r.count === n
          ? `${r.count}人を「${nameOf(target)}」に追加しました。`
          : `${r.count}人を「${nameOf(target)}」に追加しました（${n - r.count}人はすでに入っていました）。`,
      );
    }
    setMode(null);
    onDone();
  };
  return (
    <>
      <Button size="small" disabled={!n} icon={<SwapOutlined />} onClick={() => setMode('move')}>
        別のクラスへ移動
      </Button>
      <Button size="small" disabled={!n} icon={<UsergroupAddOutlined />} onClick={() => setMode('add')}>
        別のクラスにも追加
      </Button>
      <ClassPickerModal
        open={mode !== null}
        title={mode === 'move' ? `${n}人を別のクラスへ移動` : `${n}人を別のクラスにも追加`}
        okText={mode === 'move' ? '移動する' : '追加する'}
        note={
          mode === 'move'
            ? '生徒IDとパスワード、これまでの学習記録はそのまま引き継がれます。このクラスからは外れます。'
            : '生徒IDとパスワード、学習記録はそのままです。このクラスにも残ります。'
        }
        exclude={[classId]}
        pending={move.isPending || add.isPending}
        onOk={run}
        onClose={() => setMode(null)}
      />
    </>
  );
}

/** 「クラスに追加」 for one student (the student page; a student without a class included). */
export function AddToClassButton({ loginId, exclude }: { loginId: string; exclude: number[] }) {
  const [open, setOpen] = useState(false);
  const add = useStudentBatchAdd();
  const { data } = useClassList();
  return (
    <>
      <Button size="small" icon={<UsergroupAddOutlined />} onClick={() => setOpen(true)}>
        クラスに追加
      </Button>
      <ClassPickerModal
        open={open}
        title="クラスに追加"
        okText="追加する"
        note="生徒IDとパスワード、これまでの学習記録はそのまま引き継がれます。"
        pending={add.isPending}
        exclude={exclude}
        onOk={(classId) =>
          add.mutateAsync({ team_id: classId, student_ids: [loginId] }).then(() => {
            notify.success(`「${data?.rows.find((c) => c.team_id === classId)?.name ?? ''}」に追加しました。`);
            setOpen(false);
          })
        }
        onClose={() => setOpen(false)}
      />
    </>
  );
}
