import {
  commitRollover,
  deleteClass,
  exportRolloverReportXls,
  getClassCode,
  getArchivedClassRows,
  getClassInfo,
  getGraduatePageRows,
  getRolloverRows,
  getMyClassRows,
  getStudentPageRows,
  getStudentsLoginCards,
  getUnassignedStudentPageRows,
  previewRollover,
  renewClassCode,
  resetStudentsInfo,
  restoreClass,
  studentBatchMove,
  type ClassRow,
  type RolloverReport,
  type StudentRow,
} from '@ondoku/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { file, renderRoute, reply } from '../../test/render-route';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const klass = (team_id: number, name: string, student_count = 3): ClassRow => ({
  team_id,
  name,
  allow_join: 1,
  sort: team_id,
  hidden: false,
  student_count,
  created_at: '2026-04-01T00:00:00.000Z',
});
const student = (id: string, classes: { team_id: number; name: string }[] = []): StudentRow => ({
  student_id: id,
  name: `生徒 ${id}`,
  furigana: 'せいと',
  grade_name: '4年',
  class_name: '1組',
  number: '1',
  teams: classes,
  has_initial_password: true,
  password_changed_at: null,
  created_at: '2026-04-01T00:00:00.000Z',
});
const confirmButton = async (name: RegExp) => {
  const dialog = await screen.findByRole('dialog', {}, { timeout: 20_000 });
  return within(dialog).getByRole('button', { name });
};

// A whole screen in jsdom takes seconds on a busy machine.
describe('a school year', { timeout: 180_000 }, () => {
  it('/grades: deleting a class says what happens, then offers 元に戻す', async () => {
    let rows = [klass(1, '4年1組', 2), klass(2, '4年2組')];
    const { calls } = renderRoute('/grades', {
      api: [
        reply(getMyClassRows, () => ({ rows })),
        reply(deleteClass, (b) => {
          rows = rows.filter((r) => r.team_id !== b.team_id);
          return {
            team_id: 1,
            name: '4年1組',
            unassigned_count: 2,
            restorable_until: new Date(Date.now() + 30_000).toISOString(),
          };
        }),
        reply(restoreClass, () => {
          rows = [klass(1, '4年1組', 2), ...rows];
          return rows[0]!;
        }),
      ],
    });
    const first = (await screen.findAllByTestId('class-row', {}, { timeout: 20_000 }))[0]!;
    fireEvent.click(within(first).getByRole('button', { name: '4年1組を削除' }));
    const text = await screen.findByTestId('class-delete-confirm', {}, { timeout: 20_000 });
    expect(text.textContent).toContain('宿題と学習結果は、記録として残ります（閲覧のみで、変更はできません）');
    expect(text.textContent).toContain('「クラス未所属」に移ります');
    fireEvent.click(await confirmButton(/クラスを削除/));
    expect(
      await screen.findByText('2人の生徒が「クラス未所属」になりました。', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('class-row')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: '元に戻す' }));
    expect(await screen.findByText('「4年1組」を元に戻しました。', {}, { timeout: 20_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('class-row')).toHaveLength(2));
    expect(calls.find((c) => c.path === restoreClass.path)?.input).toMatchObject({ team_id: 1 });
  });

  it('/manage-class: the class code with its QR, and renewal after a confirmation', async () => {
    let code = 'ABC234';
    renderRoute('/manage-class/1', {
      api: [
        reply(getClassInfo, () => klass(1, '4年1組')),
        reply(getClassCode, () => ({ team_id: 1, name: '4年1組', code, allow_join: 1 })),
        reply(renewClassCode, () => {
          code = 'XYZ789';
          return { team_id: 1, name: '4年1組', code, allow_join: 1 };
        }),
        reply(getStudentPageRows, () => ({ rows: [], total: 0, page: 1, limit: 20 })),
      ],
    });
    expect((await screen.findByTestId('class-code', {}, { timeout: 20_000 })).textContent).toBe('ABC234');
    await waitFor(() => expect(screen.getByLabelText('クラスコードのQRコード')).toBeInTheDocument(), {
      timeout: 20_000,
    });
    fireEvent.click(screen.getByRole('button', { name: /コードを再発行/ }));
    expect(await screen.findByText(/今のコード「ABC234」とそのQRコードは使えなくなります/)).toBeInTheDocument();
    fireEvent.click(await confirmButton(/再発行する/));
    await waitFor(() => expect(screen.getByTestId('class-code').textContent).toBe('XYZ789'), { timeout: 20_000 });
  });

  it('/manage-class: moves the selected students to another class', async () => {
    const { calls } = renderRoute('/manage-class/1', {
      api: [
        reply(getClassInfo, () => klass(1, '4年1組')),
        reply(getMyClassRows, () => ({ rows: [klass(1, '4年1組'), klass(2, '5年1組')] })),
        reply(getClassCode, () => ({ team_id: 1, name: '4年1組', code: 'ABC234', allow_join: 1 })),
        reply(getStudentPageRows, () => ({
          rows: [student('s001', [{ team_id: 1, name: '4年1組' }])],
          total: 1,
          page: 1,
          limit: 20,
        })),
        reply(studentBatchMove, () => ({ count: 1 })),
      ],
    });
    expect(await screen.findByText('s001', {}, { timeout: 20_000 })).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('checkbox')[1]!);
    fireEvent.click(screen.getByRole('button', { name: /別のクラスへ移動/ }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 20_000 });
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('5年1組', {}, { timeout: 20_000 }));
    fireEvent.click(within(dialog).getByRole('button', { name: /移動する/ }));
    expect(await screen.findByText('1人を「5年1組」へ移動しました。', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(calls.find((c) => c.path === studentBatchMove.path)?.input).toMatchObject({
      from_team_id: 1,
      team_id: 2,
      student_ids: ['s001'],
    });
  });

  it('/manage-class: a double click on 移動する sends one request (docs/classes.md, Edges: double submits)', async () => {
    const { calls } = renderRoute('/manage-class/1', {
      api: [
        reply(getClassInfo, () => klass(1, '4年1組')),
        reply(getMyClassRows, () => ({ rows: [klass(1, '4年1組'), klass(2, '5年1組')] })),
        reply(getClassCode, () => ({ team_id: 1, name: '4年1組', code: 'ABC234', allow_join: 1 })),
        reply(getStudentPageRows, () => ({
          rows: [student('s001', [{ team_id: 1, name: '4年1組' }])],
          total: 1,
          page: 1,
          limit: 20,
        })),
        reply(studentBatchMove, () => ({ count: 1 })),
      ],
    });
    expect(await screen.findByText('s001', {}, { timeout: 20_000 })).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('checkbox')[1]!);
    fireEvent.click(screen.getByRole('button', { name: /別のクラスへ移動/ }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 20_000 });
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('5年1組', {}, { timeout: 20_000 }));
    const ok = within(dialog).getByRole('button', { name: /移動する/ });
    fireEvent.click(ok);
    fireEvent.click(ok);
    fireEvent.doubleClick(ok);
    expect(await screen.findByText('1人を「5年1組」へ移動しました。', {}, { timeout: 20_000 })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    expect(calls.filter((c) => c.path === studentBatchMove.path)).toHaveLength(1);
    expect(screen.getAllByText('1人を「5年1組」へ移動しました。')).toHaveLength(1);
  });

  it('/student/unassigned: re-issuing shows the new initial password', async () => {
    const { calls } = renderRoute('/student/unassigned', {
      api: [
        reply(getUnassignedStudentPageRows, () => ({ rows: [student('lone-01')], total: 1, page: 1, limit: 20 })),
        reply(resetStudentsInfo, () => ({ count: 1 })),
        reply(getStudentsLoginCards, () => ({
          rows: [{ ...student('lone-01'), initial_password: 'abc234de', card_key: '1.0.k', team_name: 'クラス未所属' }],
        })),
      ],
    });
    expect(await screen.findByText('lone-01', {}, { timeout: 20_000 })).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('checkbox')[1]!);
    fireEvent.click(screen.getByRole('button', { name: /初期パスワードを再発行/ }));
    fireEvent.click(await confirmButton(/1人分を再発行/));
    const shown = await screen.findByTestId('issued-passwords', {}, { timeout: 20_000 });
    expect(within(shown).getByText('abc234de')).toBeInTheDocument();
    expect(calls.find((c) => c.path === resetStudentsInfo.path)?.input).toMatchObject({ student_ids: ['lone-01'] });
  });

  it('/student/year-rollover: suggests the next classes, previews, then commits and reports', async () => {
    const report = (committed: boolean): RolloverReport => ({
      errors: [],
      created_teams: ['5年1組'],
      archived_teams: [
        { team_id: 1, name: '4年1組' },
        { team_id: 2, name: '6年1組' },
      ],
      kept_teams: [{ team_id: 3, name: '英語クラブ' }],
      moves: [
        { student_id: 's1', name: '生徒1', from_team: '4年1組', to_team: '5年1組', grade_from: '4年', grade_to: '5年' },
      ],
      graduates: [{ student_id: 'g1', name: '卒業生1', from_team: '6年1組', grade_name: '6年' }],
      committed_at: committed ? '2027-04-01T00:00:00.000Z' : null,
      rollover_id: committed ? 5 : null,
    });
    const { calls } = renderRoute('/student/year-rollover', {
      api: [
        reply(getMyClassRows, () => ({ rows: [klass(1, '4年1組'), klass(2, '6年1組'), klass(3, '英語クラブ')] })),
        reply(previewRollover, () => report(false)),
        reply(commitRollover, () => report(true)),
        reply(exportRolloverReportXls, () => file('年度更新の記録_20270401.xlsx')),
      ],
    });
    expect(await screen.findByDisplayValue('5年1組', {}, { timeout: 20_000 })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '変更内容を確認' }));
    expect(await screen.findByText(/まだ何も変わっていません/, {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(calls.find((c) => c.path === previewRollover.path)?.input).toMatchObject({
      plans: [
        { team_id: 1, action: 'next', name: '5年1組' },
        { team_id: 2, action: 'graduate' },
        { team_id: 3, action: 'keep' },
      ],
      advance_grades: true,
    });
    expect(within(screen.getByTestId('created-teams')).getByText('5年1組')).toBeInTheDocument();
    expect(calls.some((c) => c.path === commitRollover.path)).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '年度更新を実行' }));
    fireEvent.click(await confirmButton(/年度更新を実行/));
    expect(await screen.findByTestId('rollover-done', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === commitRollover.path)).toHaveLength(1);
    // The report as an xlsx the teacher keeps: the committed roll-over's record.
    const saved = vi.fn();
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
      saved();
      return 'blob:x';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    expect(screen.queryByRole('button', { name: /記録をExcelでダウンロード/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /記録をExcelでダウンロード/ }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.path === exportRolloverReportXls.path).map((c) => c.input.rollover_id)).toEqual(['5']);
  });

  it("/student/graduates: graduates and last year's classes, read-only", async () => {
    const { calls } = renderRoute('/student/graduates', {
      api: [
        reply(getGraduatePageRows, () => ({
          rows: [{ ...student('g-01'), grade_name: '6年', archived_at: '2027-04-01T00:00:00.000Z' }],
          total: 1,
          page: 1,
          limit: 20,
        })),
        reply(getArchivedClassRows, () => ({
          rows: [{ team_id: 9, name: '6年1組', student_count: 2, archived_at: '2027-04-01T00:00:00.000Z' }],
        })),
        reply(getRolloverRows, () => ({
          rows: [
            {
              rollover_id: 3,
              committed_at: '2027-04-01T00:00:00.000Z',
              moved_count: 52,
              graduate_count: 2,
              created_count: 1,
              archived_count: 1,
            },
          ],
        })),
        reply(exportRolloverReportXls, () => file('年度更新の記録_20270401.xlsx')),
      ],
    });
    expect(await screen.findByText('g-01', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(await screen.findByText('6年1組', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getAllByText('2027年4月1日(木)').length).toBe(2);
    expect(screen.getByRole('button', { name: /Excelに書き出す/ })).toBeInTheDocument();
    // 年度更新の記録: each committed roll-over, its report saved as xlsx.
    expect(await screen.findByText('52人', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText('2027年4月1日(木) 09:00')).toBeInTheDocument();
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: /Excelで保存/ }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === exportRolloverReportXls.path).map((c) => c.input.rollover_id)).toEqual([
        '3',
      ]),
    );
  });

  it('/print/student-cards: cards of students by id, クラス未所属 named on the card', async () => {
    const { calls } = renderRoute('/print/student-cards?ids=lone-01,s002', {
      api: [
        reply(getStudentsLoginCards, () => ({
          rows: [
            { ...student('lone-01'), initial_password: 'abc234de', card_key: '1.0.k', team_name: 'クラス未所属' },
            { ...student('s002'), initial_password: null, card_key: '2.0.k', team_name: '4年1組' },
          ],
        })),
      ],
    });
    const cards = await screen.findAllByTestId('login-card', {}, { timeout: 20_000 });
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toContain('クラス未所属');
    expect(cards[0]!.textContent).toContain('abc234de');
    expect(cards[1]!.textContent).toContain('自分で変更済み');
    expect(calls.find((c) => c.path === getStudentsLoginCards.path)?.input).toMatchObject({
      student_ids: ['lone-01', 's002'],
    });
  });
});
