import { encourageForm, motivationLimits, motivationStamps } from '@ondoku/contract';
import { Stamp } from '@ondoku/ui/stamps';
import { Alert, Input, Modal } from 'antd';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { useEncourage } from '../api';

/**
 * Stamps and a few words to chosen children or the whole class (docs/rankings.md,
 * "Encouragement"). The contract's encourageForm checks the choice (a stamp or words, no emoji,
 * at most three stamps) before anything is sent.
 */
export function EncourageDialog({
  open,
  classId,
  className,
  students,
  onClose,
  source,
}: {
  open: boolean;
  classId: number;
  className: string;
  /** Login ids and names of the chosen children; null: the whole class. */
  students: { student_id: string; name: string }[] | null;
  onClose(): void;
  source: 'ranking' | 'achievement';
}) {
  const [stamps, setStamps] = useState<number[]>([]);
  const [words, setWords] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const encourage = useEncourage();

  const toggle = (id: number) =>
    setStamps((s) =>
      s.includes(id) ? s.filter((x) => x !== id) : s.length < motivationLimits.maxStamps ? [...s, id] : s,
    );
  const input = {
    team_id: classId,
    is_all: students === null ? 1 : 0,
    student_ids: students?.map((s) => s.student_id),
    motivation_ids: stamps,
    encourage: words.trim() || undefined,
    type: source,
  };
  const send = async () => {
    const checked = encourageForm.safeParse(input);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    try {
      const r = await encourage.mutateAsync(input as never);
      notify.success(`${r.count}人にはげましを送りました。`);
      setStamps([]);
      setWords('');
      onClose();
    } catch {
      // The request layer has told the teacher.
    }
  };
  const to =
    students === null
      ? `${className}の全員`
      : students.length <= 3
        ? students.map((s) => `${s.name}さん`).join('、')
        : `${students[0]!.name}さんほか${students.length - 1}人`;
  return (
    <Modal
      open={open}
      title="はげましを送る"
      okText="送る"
      cancelText="キャンセル"
      onOk={send}
      onCancel={onClose}
      confirmLoading={encourage.isPending}
      destroyOnHidden
      width={620}
    >
      <p>
        送り先：<strong data-testid="encourage-to">{to}</strong>
      </p>
      <p style={{ marginBottom: 8 }}>スタンプ（{motivationLimits.maxStamps}個まで）</p>
      <div role="group" aria-label="スタンプ" style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {motivationStamps.map((s) => {
          const on = stamps.includes(s.motivation_id);
          return (
            <button
              key={s.motivation_id}
              type="button"
              aria-pressed={on}
              aria-label={s.name}
              onClick={() => toggle(s.motivation_id)}
              style={{
                padding: 4,
                borderRadius: 12,
                background: on ? '#f6ffed' : '#fff',
                border: on ? '2px solid #52c41a' : '2px solid #f0f0f0',
                cursor: 'pointer',
              }}
            >
              <Stamp id={s.motivation_id} size={64} />
            </button>
          );
        })}
      </div>
      <p style={{ margin: '16px 0 8px' }}>メッセージ（任意）</p>
      <Input.TextArea
        aria-label="メッセージ"
        value={words}
        onChange={(e) => setWords(e.target.value)}
        rows={3}
        showCount
        maxLength={motivationLimits.encourageMax}
        placeholder="例：まいにち よく がんばっているね！"
      />
      {problem && <Alert style={{ marginTop: 12 }} type="error" showIcon title={problem} role="alert" />}
    </Modal>
  );
}
