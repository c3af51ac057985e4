import { loginForm, type LoginForm as LoginFormValues } from '@ondoku/contract';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  eyeInvisibleOutlined,
  eyeOutlined,
  lockOutlined,
  PlainIcon,
  userOutlined,
} from '../../../components/ui/plain-icon';
import { paths } from '../../../config/paths';
import { useLogin } from '../api/login';
import { usePassCardLogin } from '../api/pass-card-login';
import './login-form.css';

type Field = keyof LoginFormValues;
type Errors = Partial<Record<Field, string>>;

/** The contract's message for one field's value, or undefined when it passes. */
const fieldError = (field: Field, value: string) => loginForm.shape[field].safeParse(value).error?.issues[0]?.message;

function LoginField(props: {
  label: string;
  error: string | undefined;
  icon: readonly string[];
  children: (ids: { id: string; errorId: string }) => ReactNode;
  suffix?: ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="login-field">
      <label htmlFor={id}>{props.label}</label>
      <div className="login-input" data-invalid={props.error ? '' : undefined}>
        <PlainIcon paths={props.icon} />
        {props.children({ id, errorId })}
        {props.suffix}
      </div>
      {props.error && (
        <div id={errorId} className="login-error" role="alert">
          {props.error}
        </div>
      )}
    </div>
  );
}

/**
 * The login screen: ID-or-email, password (both required), login button, link to /forget. Plain
 * markup in antd's look: the first view loads no antd (docs/architecture.md, First view). The
 * fields validate like an antd Form with the contract's rules: a field once changed is checked
 * on every change, every field on submit, and the message shows under the field.
 */
export function LoginForm() {
  const navigate = useNavigate();
  const login = useLogin();
  const keyLogin = usePassCardLogin();
  const [params, setParams] = useSearchParams();
  const key = params.get('key');
  const triedKey = useRef<string | null>(null);
  const [values, setValues] = useState<LoginFormValues>({ username: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [reveal, setReveal] = useState(false);

  useEffect(() => {
    if (!key || triedKey.current === key) return;
    triedKey.current = key;
    keyLogin.mutate(key, {
      onSuccess: () => void navigate(paths.home.path, { replace: true }),
      onError: () => setParams({}, { replace: true }),
    });
  }, [key, keyLogin, navigate, setParams]);

  const change = (field: Field) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((errs) => ({ ...errs, [field]: fieldError(field, value) }));
  };

  const busy = login.isPending || keyLogin.isPending;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found: Errors = {
      username: fieldError('username', values.username),
      password: fieldError('password', values.password),
    };
    setErrors(found);
    if (found.username || found.password) return;
    login.mutate(values, { onSuccess: () => void navigate(paths.home.path, { replace: true }) });
  };

  const described = (field: Field, errorId: string) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? errorId : undefined,
  });

  return (
    <form className="login-form" onSubmit={onSubmit} noValidate>
      <fieldset disabled={keyLogin.isPending}>
        <LoginField label="アカウントID（またはメールアドレス）" error={errors.username} icon={userOutlined}>
          {({ id, errorId }) => (
            <input
              id={id}
              name="username"
              autoComplete="username"
              placeholder="アカウントIDまたはメールアドレス"
              value={values.username}
              onChange={change('username')}
              {...described('username', errorId)}
            />
          )}
        </LoginField>
        <LoginField
          label="パスワード"
          error={errors.password}
          icon={lockOutlined}
          suffix={
            <button
              type="button"
              className="login-reveal"
              aria-label={reveal ? 'パスワードを隠す' : 'パスワードを表示'}
              aria-pressed={reveal}
              onClick={() => setReveal((r) => !r)}
            >
              <PlainIcon paths={reveal ? eyeOutlined : eyeInvisibleOutlined} />
            </button>
          }
        >
          {({ id, errorId }) => (
            <input
              id={id}
              name="password"
              type={reveal ? 'text' : 'password'}
              autoComplete="current-password"
              placeholder="パスワード"
              value={values.password}
              onChange={change('password')}
              {...described('password', errorId)}
            />
          )}
        </LoginField>
        <button type="submit" className="login-submit" aria-busy={busy}>
          {busy && <span className="login-spinner" aria-hidden="true" />}
          ログイン
        </button>
      </fieldset>
      <div className="login-forget">
        <Link to={paths.forget.path}>パスワードをお忘れの方はこちら</Link>
      </div>
    </form>
  );
}
