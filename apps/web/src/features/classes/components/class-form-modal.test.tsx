import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClassFormModal } from './class-form-modal';

const renderModal = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <ClassFormModal open existing={null} onClose={() => {}} />
      </App>
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('ClassFormModal', () => {
  it('shows the contract messages for an empty, a too long and an emoji name, and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderModal();
    const input = screen.getByLabelText('クラス名');
    const submit = screen.getByRole('button', { name: /作\s?成/ });
    fireEvent.click(submit);
    expect(await screen.findByText('クラス名を入力してください。')).toBeInTheDocument();
    // Past 20 characters the input keeps the first 20 (and toasts 字数制限を超えています, spec §5).
    fireEvent.change(input, { target: { value: 'あ'.repeat(21) } });
    expect((input as HTMLInputElement).value).toBe('あ'.repeat(20));
    fireEvent.change(input, { target: { value: '3年1組🎒' } });
    fireEvent.click(submit);
    expect(await screen.findByText('無効な文字が含まれています。修正してください。')).toBeInTheDocument();
    expect(screen.getByText('5 / 20')).toBeInTheDocument(); // code points: the emoji counts once
    await waitFor(() => expect(fetch).not.toHaveBeenCalled());
  });
});
