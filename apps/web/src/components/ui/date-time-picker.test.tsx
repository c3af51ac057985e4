import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import jaJP from 'antd/es/locale/ja_JP';
import dayjs, { type Dayjs } from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { DATE_TIME_FORMAT, DateTimePicker } from './date-time-picker';

// antd in jsdom takes seconds on a busy machine.
describe('DateTimePicker', { timeout: 60_000 }, () => {
  it('takes a date typed as it is shown (「2026年11月26日(木) 17:00」) and confirms it with Enter', async () => {
    const onChange = vi.fn<(value: Dayjs | null) => void>();
    // The app's provider gives antd the Japanese locale (app/provider.tsx).
    render(
      <ConfigProvider locale={jaJP}>
        <DateTimePicker aria-label="終了日時" onChange={onChange} />
      </ConfigProvider>,
    );
    const input = screen.getByLabelText('終了日時');
    const when = dayjs('2026-11-26T17:00:00');
    expect(when.format(DATE_TIME_FORMAT)).toBe('2026年11月26日(木) 17:00');
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '2026年11月26日(木) 17:00' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    // The popup closes: nothing stays open over the next field.
    await waitFor(() => expect(document.querySelector('.ant-picker-dropdown-hidden')).not.toBeNull());
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.calls.at(-1)![0]!.valueOf()).toBe(when.valueOf());
  });
});
