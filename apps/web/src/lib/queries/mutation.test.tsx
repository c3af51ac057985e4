import { changeStudentPasswordSafe, hideClass, saveCommentDraft } from '@ondoku/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../notify';
import { queryKeys } from './keys';
import { useCallMutation } from './mutation';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const reply = (errcode: number, errmsg: string, data: unknown) =>
  new Response(JSON.stringify({ errcode, errmsg, data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
const ok = (data: unknown) => reply(0, '', data);

function setup() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, invalidate, wrapper };
}

describe('useCallMutation', () => {
  it('sends the call and invalidates exactly the keys it declares', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => ok({ team_id: 3 }));
    vi.stubGlobal('fetch', fetch);
    const { invalidate, wrapper } = setup();
    const onSuccess = vi.fn();
    const { result } = renderHook(
      () =>
        useCallMutation(hideClass, {
          invalidates: (v) => [queryKeys.classes.list(), queryKeys.classes.info(v.team_id)],
          onSuccess,
        }),
      { wrapper },
    );
    await act(() => result.current.mutateAsync({ team_id: 3 }));
    expect(String(fetch.mock.calls[0]![0])).toContain(hideClass.path);
    expect(invalidate.mock.calls.map(([f]) => f?.queryKey)).toEqual([
      ['classes', 'list'],
      ['classes', 'info', 3],
    ]);
    expect(onSuccess).toHaveBeenCalledWith({ team_id: 3 }, { team_id: 3 }, expect.anything());
  });

  it('prepares the input (e.g. encrypting) and invalidates nothing undeclared', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => ok(null));
    vi.stubGlobal('fetch', fetch);
    const { invalidate, wrapper } = setup();
    const { result } = renderHook(
      () =>
        useCallMutation(changeStudentPasswordSafe, {
          prepare: (v: { id: string; pw: string }) => ({ student_id: v.id, password: `enc(${v.pw})` }),
        }),
      { wrapper },
    );
    await act(() => result.current.mutateAsync({ id: 's1', pw: 'abc123' }));
    const init = fetch.mock.calls[0]![1]!;
    expect(JSON.parse(init.body as string)).toEqual({ student_id: 's1', password: 'enc(abc123)' });
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('writes the reply into the cache entries it names, with no refetch', async () => {
    const draft = { content: '音読がんばったね', visible: true, updated_at: '2026-11-28T10:00:00+09:00' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok(draft)),
    );
    const { queryClient, invalidate, wrapper } = setup();
    queryClient.setQueryData(queryKeys.results.commentDraft(7), { content: '', visible: false, updated_at: null });
    const { result } = renderHook(
      () =>
        useCallMutation(saveCommentDraft, {
          writes: (data, v) => [{ queryKey: queryKeys.results.commentDraft(Number(v.homework_id)), data }],
        }),
      { wrapper },
    );
    await act(() => result.current.mutateAsync({ homework_id: 7, content: draft.content, visible: true }));
    expect(queryClient.getQueryData(queryKeys.results.commentDraft(7))).toEqual(draft);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('tells the teacher about a refused call, unless it is quiet (the screen shows it)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(40001, '保存できませんでした', null)),
    );
    const toast = vi.spyOn(notify, 'toast').mockImplementation(() => {});
    const { wrapper } = setup();
    const input = { homework_id: 7, content: 'x', visible: true };

    const quiet = renderHook(() => useCallMutation(saveCommentDraft, { quiet: true }), { wrapper });
    await act(() => expect(quiet.result.current.mutateAsync(input)).rejects.toThrow('保存できませんでした'));
    expect(toast).not.toHaveBeenCalled();

    const loud = renderHook(() => useCallMutation(saveCommentDraft), { wrapper });
    await act(() => expect(loud.result.current.mutateAsync(input)).rejects.toThrow('保存できませんでした'));
    expect(toast).toHaveBeenCalledWith('保存できませんでした');
  });
});
