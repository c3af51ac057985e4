import { studentPassCardLogin } from '@ondoku/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { learnApi } from '../api';
import { messageForStudent } from '../errors';
import { Link } from '../router';
import { learnSession } from '../session';
import { afterSignIn } from './sign-in';

/** #/card?key=…: the QR code of a login card signs the child in at once. */
export function CardSignIn({ cardKey }: { cardKey: string }) {
  const checked = useMemo(() => studentPassCardLogin.input.safeParse({ key: cardKey }), [cardKey]);
  const [failed, setError] = useState<string | null>(null);
  const error = checked.success ? failed : (checked.error.issues[0]?.message ?? null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !checked.success) return;
    started.current = true;
    learnApi.silent.call(studentPassCardLogin, checked.data).then(
      (session) => {
        learnSession.set(session);
        // The key stays out of the history: the address becomes the homework list.
        afterSignIn('/');
      },
      (e: unknown) => setError(messageForStudent(e)),
    );
  }, [checked]);
  return (
    <div className="ln-app">
      <main className="ln-main">
        <div className="ln-card ln-signin">
          <h1 className="ln-title">カードでログイン</h1>
          {error ? (
            <>
              <p className="ln-error" role="alert">
                {error}
              </p>
              <Link to="/signin" className="ln-btn ln-primary">
                IDとパスワードでログインする
              </Link>
            </>
          ) : (
            <p>しらべています…</p>
          )}
        </div>
      </main>
    </div>
  );
}
