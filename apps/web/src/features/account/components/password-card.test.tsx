import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordCard } from './password-card';

/** The password rules as the teacher meets them in the form, before anything is sent. */
function renderCard() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PasswordCard />
    </QueryClientProvider>,
  );
  const fill = (placeholder: string, value: string) =>
    fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'パスワードを変更' }));
  return { fill, submit };
}

// A whole form in jsdom takes seconds on a busy machine.
describe('PasswordCard', { timeout: 30_000 }, () => {
  it('asks for every field', async () => {
    const { submit } = renderCard();
    submit();
    expect(await screen.findByText('現在のパスワードを入力してください。')).toBeInTheDocument();
    expect(await screen.findByText('パスワードを入力してください。')).toBeInTheDocument();
    expect(await screen.findByText('確認のためもう一度パスワードを入力してください。')).toBeInTheDocument();
  });

  // The spec's message for the length, ours for what else is wrong (docs/classes.md, "Edges").
  const length = 'パスワードを6文字以上20文字以内で入力してください。';
  const combine = 'パスワードは英字と数字を組み合わせてください。';
  const halfWidth = 'パスワードは半角の英字・数字・記号で入力してください。';
  it.each([
    ['abc12', length],
    ['abcdefgh', combine],
    ['12345678', combine],
    ['abcdefghij1234567890x', length],
    ['ｐａｓｓ１２３４', halfWidth],
  ])('refuses %s with the message that says what is wrong', async (bad, message) => {
    const { fill, submit } = renderCard();
    fill('現在のパスワード', 'pass1234');
    fill('新しいパスワード', bad);
    fill('新しいパスワード（確認）', bad);
    submit();
    expect(await screen.findByText(message, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('wants a new password different from the old one, entered twice the same', async () => {
    const { fill, submit } = renderCard();
    fill('現在のパスワード', 'pass1234');
    fill('新しいパスワード', 'pass1234');
    fill('新しいパスワード（確認）', 'pass12345');
    submit();
    expect(
      await screen.findByText('新しいパスワードは現在のパスワードと異なるものを入力してください。'),
    ).toBeInTheDocument();
    expect(await screen.findByText('パスワードが一致しません。')).toBeInTheDocument();
  });
});
