import { Checkbox, Empty, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useHomeworkClassRows, useStudentsOfClass } from '../api';
import type { Recipients } from '../wizard/draft';
import { NativeSelect } from '../../../components/ui/native-select';

const box: React.CSSProperties = { border: '1px solid #e8ecea', borderRadius: 8, padding: 12, background: '#fff' };

/**
 * Who receives homework: whole classes and/or single children picked from a class
 * (homework/team-rows and homework/student-list-by-team). A child in a chosen class gets the
 * homework with the class, so picking them singly is not offered there.
 */
export function RecipientPicker({ value, onChange }: { value?: Recipients; onChange?: (v: Recipients) => void }) {
  const v = value ?? { team_ids: [], students: [] };
  const classes = useHomeworkClassRows();
  const rows = classes.data?.rows ?? [];
  const [browsing, setBrowsing] = useState<number | null>(null);
  const students = useStudentsOfClass(browsing);
  const browsingClass = rows.find((c) => c.team_id === browsing);
  const classChosen = browsing !== null && v.team_ids.includes(browsing);

  const toggleClass = (classId: number, on: boolean) =>
    onChange?.({
      ...v,
      team_ids: on ? [...v.team_ids, classId] : v.team_ids.filter((id) => id !== classId),
    });
  const toggleStudent = (s: { student_id: string; name: string }, on: boolean) =>
    onChange?.({
      ...v,
      students: on
        ? [...v.students, { student_id: s.student_id, name: s.name, team_name: browsingClass?.name ?? '' }]
        : v.students.filter((x) => x.student_id !== s.student_id),
    });

  if (classes.isLoading) return <Spin />;
  if (rows.length === 0)
    return <Empty description="宿題を配信できるクラスがありません。先にクラスを作成してください。" />;

  return (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }}>
      <section style={box} aria-label="クラスを選ぶ">
        <strong>クラスごとに配信</strong>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 6, marginTop: 8 }}>
          {rows.map((c) => (
            <Checkbox
              key={c.team_id}
              checked={v.team_ids.includes(c.team_id)}
              onChange={(e) => toggleClass(c.team_id, e.target.checked)}
            >
              {c.name}
              <span style={{ color: 'rgba(0,0,0,0.45)', marginLeft: 6 }}>{c.student_count}人</span>
            </Checkbox>
          ))}
        </div>
      </section>
      <section style={box} aria-label="生徒を個別に選ぶ">
        <strong>生徒を個別に選ぶ</strong>
        <div style={{ margin: '8px 0' }}>
          <NativeSelect
            label="生徒を選ぶクラス"
            placeholder="クラスを選ぶ"
            width="100%"
            value={browsing ?? undefined}
            onChange={(id) => setBrowsing(id ?? null)}
            options={rows.map((c) => ({ value: c.team_id, label: c.name }))}
          />
        </div>
        {browsing !== null &&
          (students.isLoading ? (
            <Spin />
          ) : classChosen ? (
            <div style={{ color: 'rgba(0,0,0,0.55)' }}>
              このクラスはクラスごと選ばれています（全員に配信されます）。
            </div>
          ) : (students.data?.rows.length ?? 0) === 0 ? (
            <div style={{ color: 'rgba(0,0,0,0.55)' }}>このクラスには生徒がいません。</div>
          ) : (
            <div style={{ display: 'flex', flexDirection: 'column', gap: 4, maxHeight: 240, overflowY: 'auto' }}>
              {students.data?.rows.map((s) => (
                <Checkbox
                  key={s.student_id}
                  checked={v.students.some((x) => x.student_id === s.student_id)}
                  onChange={(e) => toggleStudent(s, e.target.checked)}
                >
                  {s.number ? `${s.number}. ` : ''}
                  {s.name}
                  <span style={{ color: 'rgba(0,0,0,0.45)', marginLeft: 6 }}>{s.student_id}</span>
                </Checkbox>
              ))}
            </div>
          ))}
        {v.students.length > 0 && (
          <div style={{ marginTop: 8 }} data-testid="chosen-students">
            <div style={{ color: 'rgba(0,0,0,0.55)', marginBottom: 4 }}>選んだ生徒 {v.students.length}人</div>
            {v.students.map((s) => (
              <Tag
                key={s.student_id}
                closable
                onClose={(e) => {
                  e.preventDefault();
                  onChange?.({ ...v, students: v.students.filter((x) => x.student_id !== s.student_id) });
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

/** "3年1組、3年2組 と 生徒2人" for summaries. */
export function recipientsSummary(v: Recipients, classNames: Map<number, string>): string {
  const parts = v.team_ids.map((id) => classNames.get(id) ?? `クラス${id}`);
  if (v.students.length) parts.push(`生徒${v.students.length}人（${v.students.map((s) => s.name).join('、')}）`);
  return parts.join('、');
}
