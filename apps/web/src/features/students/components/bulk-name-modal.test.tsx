import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../../lib/notify';
import { BulkNameModal } from './bulk-name-modal';

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
        <BulkNameModal kind="grade" loginIds={['s001', 's002']} onClose={() => {}} />
      </App>
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('BulkNameModal (学年/組 of the selection)', { timeout: 60_000 }, () => {
  it('never cuts an over-long 学年: it stays as typed, is toasted and stays invalid (docs/classes.md, Edges)', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderModal();
    const input = screen.getByLabelText('新しい学年');
    fireEvent.change(input, { target: { value: '４年'.repeat(6) } });
    expect((input as HTMLInputElement).value).toBe('４年'.repeat(6));
    await waitFor(() => expect(screen.getAllByText('字数制限を超えています').length).toBeGreaterThanOrEqual(2));
    fireEvent.click(screen.getByRole('button', { name: /2人の学年を変更/ }));
    await new Promise((r) => setTimeout(r, 300));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a double click on the OK button sends one request (docs/classes.md, Edges: double submits)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const fetch = vi.fn(async () => {
      await gate;
      return new Response(JSON.stringify({ errcode: 0, errmsg: '', data: { count: 2 } }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetch);
    renderModal();
    fireEvent.change(screen.getByLabelText('新しい学年'), { target: { value: '5年' } });
    const ok = screen.getByRole('button', { name: /2人の学年を変更/ });
    fireEvent.click(ok);
    fireEvent.click(ok);
    fireEvent.doubleClick(ok);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await act(async () => release());
    expect(await screen.findByText('2人の学年を「5年」に変更しました。', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
