import { Checkbox, Empty, Input, Spin, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useStudentBranchRows } from '../../../lib/queries';

export interface MessageRecipients {
  team_ids: number[];
  students: { student_id: string; name: string }[];
}

const box: React.CSSProperties = { border: '1px solid #e8ecea', borderRadius: 8, padding: 12, background: '#fff' };
const muted = { color: 'rgba(0,0,0,0.45)', marginLeft: 6 } as const;

/**
 * Who a message goes to (docs/messages.md): whole classes, and children found by name or id
 * across all classes (a child of a chosen class already receives it with the class).
 */
export function MessageRecipientPicker({
  value,
  onChange,
}: {
  value?: MessageRecipients;
  onChange?: (v: MessageRecipients) => void;
}) {
  const v = value ?? { team_ids: [], students: [] };
  const tree = useStudentBranchRows();
  const [word, setWord] = useState('');
  const rows = tree.data?.rows;
  const classes = useMemo(() => rows ?? [], [rows]);
  const found = useMemo(() => {
    const w = word.trim().toLowerCase();
    if (!w) return [];
    const seen = new Set<string>();
    return classes
      .flatMap((c) => c.students.map((s) => ({ ...s, className: c.name, classId: c.team_id })))
      .filter((s) => {
        if (seen.has(s.student_id)) return false;
        seen.add(s.student_id);
        return s.name.toLowerCase().includes(w) || s.student_id.toLowerCase().includes(w);
      })
      .slice(0, 50);
  }, [classes, word]);

  if (tree.isLoading) return <Spin />;
  if (classes.length === 0) return <Empty description="クラスがありません。先にクラスを作成してください。" />;

  const toggleClass = (id: number, on: boolean) =>
    onChange?.({ ...v, team_ids: on ? [...v.team_ids, id] : v.team_ids.filter((x) => x !== id) });
  const toggleStudent = (s: { student_id: string; name: string }, on: boolean) =>
    onChange?.({
      ...v,
      students: on
        ? [...v.students, { student_id: s.student_id, name: s.name }]
        : v.students.filter((x) => x.student_id !== s.student_id),
    });

  return (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }}>
      <section style={box} aria-label="クラスを選ぶ">
        <strong>クラス全員に送る</strong>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 6, marginTop: 8 }}>
          {classes.map((c) => (
            <Checkbox
              key={c.team_id}
              checked={v.team_ids.includes(c.team_id)}
              onChange={(e) => toggleClass(c.team_id, e.target.checked)}
            >
              {c.name}
              <span style={muted}>{c.students.length}人</span>
            </Checkbox>
          ))}
        </div>
      </section>
      <section style={box} aria-label="児童を選ぶ">
        <strong>児童を選んで送る</strong>
        <Input.Search
          allowClear
          aria-label="児童を検索"
          placeholder="名前かIDで検索"
          style={{ margin: '8px 0' }}
          value={word}
          onChange={(e) => setWord(e.target.value)}
        />
        {word.trim() && found.length === 0 && <div style={{ color: 'rgba(0,0,0,0.55)' }}>見つかりませんでした。</div>}
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4, maxHeight: 220, overflowY: 'auto' }}>
          {found.map((s) => {
            const withClass = v.team_ids.includes(s.classId);
            return (
              <Checkbox
                key={s.student_id}
                disabled={withClass}
                checked={withClass || v.students.some((x) => x.student_id === s.student_id)}
                onChange={(e) => toggleStudent(s, e.target.checked)}
              >
                {s.name}
                <span style={muted}>
                  {s.className} {s.student_id}
                  {withClass ? '（クラスで選択済み）' : ''}
                </span>
              </Checkbox>
            );
          })}
        </div>
        {v.students.length > 0 && (
          <div style={{ marginTop: 8 }} data-testid="chosen-students">
            <div style={{ color: 'rgba(0,0,0,0.55)', marginBottom: 4 }}>選んだ児童 {v.students.length}人</div>
            {v.students.map((s) => (
              <Tag
                key={s.student_id}
                closable
                onClose={(e) => {
                  e.preventDefault();
                  toggleStudent(s, false);
                }}
              >
                {s.name}
              </Tag>
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
