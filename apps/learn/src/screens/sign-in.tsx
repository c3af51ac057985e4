import { getPublicKey, studentLogin } from '@ondoku/contract';
import { useState, type FormEvent } from 'react';
import { encryptPassword } from '@ondoku/ui/password-crypto';
import { learnApi } from '../api';
import { messageForStudent } from '../errors';
import { navigate } from '../router';
import { learnSession } from '../session';

/** After sign-in: back where the child was going (a class-code link), else the homework list. */
export const afterSignIn = (next: string | null) =>
  navigate(next && next.startsWith('/') ? next : '/', { replace: true });

/** Sign-in with the ID and password printed on the login card; the password leaves encrypted. */
export function SignIn({ next }: { next: string | null }) {
  const [loginId, setLoginId] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = studentLogin.input.safeParse({ student_id: loginId, password });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? null);
    setBusy(true);
    setError(null);
    try {
      const { public_key } = await learnApi.silent.call(getPublicKey, {});
      const session = await learnApi.silent.call(studentLogin, {
        student_id: checked.data.student_id,
        password: await encryptPassword(public_key, password),
      });
      learnSession.set(session);
      afterSignIn(next);
    } catch (err) {
      setError(messageForStudent(err));
      setBusy(false);
    }
  };

  return (
    <div className="ln-app">
      <main className="ln-main">
        <form className="ln-card ln-signin" onSubmit={(e) => void submit(e)} noValidate>
          <h1 className="ln-title">おんどく にログイン</h1>
          <p className="ln-sub">
            ログインカードの「ID」と「パスワード」を入れてね。カードのQRコードを読みとってもはいれるよ。
          </p>
          <label className="ln-field">
            <span>ID</span>
            <input
              name="student_id"
              autoComplete="username"
              autoCapitalize="off"
              spellCheck={false}
              value={loginId}
              onChange={(e) => setLoginId(e.target.value)}
            />
          </label>
          <label className="ln-field">
            <span>パスワード</span>
            <input
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
          {error && (
            <p className="ln-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="ln-btn ln-primary ln-big" style={{ width: '100%' }} disabled={busy}>
            {busy ? 'しらべています…' : 'ログイン'}
          </button>
        </form>
      </main>
    </div>
  );
}
