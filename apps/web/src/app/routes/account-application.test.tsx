process.env.TZ = 'Asia/Tokyo';
import {
  applyMessages,
  getApplyBasicInfo,
  getApplyOrderList,
  getApplyOrderSelectData,
  withdrawApplication,
  type ApplicationRow,
} from '@ondoku/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoute, reply } from '../../test/render-route';

beforeEach(() => sessionStorage.clear());

const base: ApplicationRow = {
  id: 1,
  apply_type: 'new_students',
  apply_status: 'pending',
  created_at: '2026-11-20T03:00:00.000Z',
  file_name: '新入生名簿.csv',
  file_kind: 'roster',
  file_size: 120,
  row_count: 2,
  note: '',
  team_id: null,
  team_name: null,
  grade_name: '3年',
  teacher_name: '',
  teacher_email: '',
  reason: '',
  decided_at: null,
  completed_at: null,
  created_count: 0,
  created_teams: [],
};
const rows: ApplicationRow[] = [
  base,
  {
    ...base,
    id: 2,
    apply_type: 'add_students',
    apply_status: 'returned',
    team_id: 5,
    team_name: '3年1組',
    reason: '生徒IDが重複しています。',
    decided_at: '2026-11-21T03:00:00.000Z',
  },
  {
    ...base,
    id: 3,
    apply_status: 'completed',
    created_count: 2,
    created_teams: [{ team_id: 9, name: '申請1組' }],
    decided_at: '2026-11-21T03:00:00.000Z',
  },
];

const api = (listed: Record<string, unknown>[], withdrawn: unknown[]) => [
  reply(getApplyBasicInfo, () => ({
    school_name: 'テスト小学校',
    teacher_name: '山田先生',
    login_id: 'sensei',
    school_year: 2026,
    accounts: [
      { kind: 'student' as const, name: '生徒アカウント', in_use: 12, allowed: 40 },
      { kind: 'teacher' as const, name: '教師アカウント', in_use: 1, allowed: 1 },
    ],
    pending_count: 1,
  })),
  reply(getApplyOrderList, (q) => {
    listed.push(q);
    const shown = q.apply_status ? rows.filter((r) => r.apply_status === q.apply_status) : rows;
    return { rows: shown, total: shown.length, page: 1, limit: 20 };
  }),
  reply(withdrawApplication, (b) => {
    withdrawn.push(b);
    return null;
  }),
];

describe('account applications', { timeout: 60_000 }, () => {
  it('shows the accounts, each status with its reason or created classes, filters and withdraws', async () => {
    const listed: Record<string, unknown>[] = [];
    const withdrawn: unknown[] = [];
    renderRoute('/account-application', { api: api(listed, withdrawn) });
    const items = await screen.findAllByTestId('application', {}, { timeout: 20_000 });
    expect(items).toHaveLength(3);
    expect(screen.getByTestId('accounts-student').textContent).toContain('12 / 上限 40');
    expect(within(items[0]!).getByText('申請中')).toBeTruthy();
    expect(within(items[1]!).getByText('差し戻しの理由：生徒IDが重複しています。')).toBeTruthy();
    expect(within(items[1]!).queryByRole('button', { name: '取り下げ' })).toBeNull();
    const created = within(items[2]!).getByTestId('application-created');
    expect(created.textContent).toContain('生徒アカウント2人を作成しました。');
    expect(within(created).getByRole('link', { name: '申請1組' }).getAttribute('href')).toBe('/manage-class/9');
    expect(within(created).getByRole('link', { name: '（ログインカードを印刷）' }).getAttribute('href')).toBe(
      '/print/login-cards/9',
    );

    fireEvent.change(screen.getByRole('combobox', { name: '状態' }), { target: { value: 'returned' } });
    await waitFor(() => expect(listed.at(-1)).toMatchObject({ apply_status: 'returned' }));
    await waitFor(() => expect(screen.getAllByTestId('application')).toHaveLength(1));
    fireEvent.change(screen.getByRole('combobox', { name: '状態' }), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('開始日'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('終了日'), { target: { value: '2026-10-01' } });
    expect(await screen.findByText(applyMessages.periodInvalid)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('終了日'), { target: { value: '2026-11-30' } });
    await waitFor(() => expect(listed.at(-1)).toMatchObject({ start_time: '2026-11-01', end_time: '2026-11-30' }));

    const pending = (await screen.findAllByTestId('application'))[0]!;
    fireEvent.click(within(pending).getByRole('button', { name: '取り下げ' }));
    fireEvent.click(await screen.findByRole('button', { name: '取り下げる' }));
    await waitFor(() => expect(withdrawn).toEqual([expect.objectContaining({ id: 1 })]));
  });

  it('offers the kinds, marks a pending one, and refuses a wrong file before sending', async () => {
    renderRoute('/account-application-create', {
      api: [
        reply(getApplyOrderSelectData, () => ({
          apply_types: [
            {
              apply_type: 'new_students' as const,
              name: '新規の生徒アカウント',
              file_kinds: ['roster' as const, 'document' as const],
              extensions: ['.xlsx', '.csv', '.pdf'],
              max_bytes: 5 * 1024 * 1024,
              max_rows: 3000,
              pending: true,
            },
            {
              apply_type: 'renewal' as const,
              name: '次年度の継続（年度更新）',
              file_kinds: ['document' as const],
              extensions: ['.pdf'],
              max_bytes: 5 * 1024 * 1024,
              max_rows: 0,
              pending: false,
            },
          ],
          apply_statuses: [],
          grades: ['3年'],
          teams: [],
          school_year: 2026,
        })),
      ],
    });
    const pendingKind = await screen.findByRole('radio', { name: /新規の生徒アカウント/ }, { timeout: 20_000 });
    expect((pendingKind as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('（申請中です）')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /次年度の継続/ }));
    // rc-upload replaces its input after each choice: look it up each time.
    const input = () =>
      waitFor(() => {
        const el = document.querySelector('input[type="file"]');
        if (!el) throw new Error('no file input yet');
        return el as HTMLInputElement;
      });
    expect((await input()).accept).toBe('.pdf');
    fireEvent.change(await input(), { target: { files: [new File(['x'], 'roster.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText(applyMessages.fileType)).toBeTruthy();
    fireEvent.change(await input(), { target: { files: [new File([], 'empty.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText(applyMessages.fileEmpty)).toBeTruthy();
    expect((screen.getByRole('button', { name: '確認へ進む' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
