import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../../lib/notify';
import { ClassFormModal } from './class-form-modal';

/** Registers the test's antd App as the notifier, so toasts render in the document. */
function NotifierProbe() {
  const app = App.useApp();
  registerNotifier(app);
  return null;
}

const renderModal = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <NotifierProbe />
        <ClassFormModal open existing={null} onClose={() => {}} />
      </App>
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

const classRow = {
  team_id: 1,
  name: '3年1組',
  allow_join: 1,
  sort: 1,
  hidden: false,
  student_count: 0,
  created_at: '2026-04-01T00:00:00.000Z',
};

describe('ClassFormModal', { timeout: 30_000 }, () => {
  it('shows the contract messages for an empty, a too long and an emoji name, and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderModal();
    const input = screen.getByLabelText('クラス名');
    const submit = screen.getByRole('button', { name: /作\s?成/ });
    fireEvent.click(submit);
    expect(await screen.findByText('クラス名を入力してください。')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '3年1組🎒' } });
    fireEvent.click(submit);
    expect(
      await screen.findByText('無効な文字が含まれています。修正してください。', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('5 / 20')).toBeInTheDocument(); // code points: the emoji counts once
    await waitFor(() => expect(fetch).not.toHaveBeenCalled());
  });

  it('never cuts an over-long name: it stays as typed, toasts 字数制限を超えています and stays invalid', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderModal();
    const input = screen.getByLabelText('クラス名');
    fireEvent.change(input, { target: { value: 'あ'.repeat(21) } });
    expect((input as HTMLInputElement).value).toBe('あ'.repeat(21));
    // The toast and the field's own message.
    await waitFor(() => expect(screen.getAllByText('字数制限を超えています').length).toBeGreaterThanOrEqual(2));
    const submit = screen.getByRole('button', { name: /作\s?成/ });
    fireEvent.click(submit);
    await new Promise((r) => setTimeout(r, 300));
    expect(fetch).not.toHaveBeenCalled();
    // The refused submit is over: the button is live again.
    await waitFor(() => expect(submit).not.toHaveClass('ant-btn-loading'));
    fireEvent.change(input, { target: { value: 'あ'.repeat(20) } });
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')).toBeNull());
  });

  it('a double click on 作成 creates one class', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const fetch = vi.fn(async () => {
      await gate;
      return new Response(JSON.stringify({ errcode: 0, errmsg: '', data: classRow }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetch);
    renderModal();
    fireEvent.change(screen.getByLabelText('クラス名'), { target: { value: '3年1組' } });
    const submit = screen.getByRole('button', { name: /作\s?成/ });
    fireEvent.click(submit);
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(submit).toHaveClass('ant-btn-loading'));
    await act(async () => release());
    await new Promise((r) => setTimeout(r, 200));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
