import { getLearnStudentInfo, studentJoinClass } from '@ondoku/contract';
import { useState, type FormEvent } from 'react';
import { learnApi } from '../api';
import { messageForStudent } from '../errors';
import { Link } from '../router';
import { learnSession } from '../session';

/** クラスに入る: the class code the teacher shows (or #/join?code=… from a link). */
export function JoinClass({ code: initial }: { code: string }) {
  const [code, setCode] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [joined, setJoined] = useState<{ name: string; joined: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = studentJoinClass.input.safeParse({ code });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? null);
    setBusy(true);
    setError(null);
    try {
      const reply = await learnApi.silent.call(studentJoinClass, checked.data);
      setJoined(reply);
      const { student } = await learnApi.silent.call(getLearnStudentInfo, {});
      learnSession.updateStudent(student);
    } catch (err) {
      setError(messageForStudent(err));
    } finally {
      setBusy(false);
    }
  };
  const classes = learnSession.student()?.teams ?? [];
  return (
    <div className="ln-card" style={{ maxWidth: 560 }}>
      <h1 className="ln-title">クラスに入る</h1>
      {classes.length > 0 && <p className="ln-sub">いまのクラス：{classes.map((c) => c.name).join('、')}</p>}
      {joined ? (
        <div className="ln-ok" role="status">
          {joined.joined ? `「${joined.name}」に入りました！` : `「${joined.name}」にはもう入っています。`}
          <div style={{ marginTop: 12 }}>
            <Link to="/" className="ln-btn ln-primary">
              しゅくだいを見る
            </Link>
          </div>
        </div>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <label className="ln-field">
            <span>クラスコード</span>
            <input
              name="code"
              autoCapitalize="characters"
              autoComplete="off"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </label>
          {error && (
            <p className="ln-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="ln-btn ln-primary ln-big" disabled={busy}>
            入る
          </button>
        </form>
      )}
    </div>
  );
}
