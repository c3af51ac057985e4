import { changeStudentPasswordSafe, hideClass } from '@ondoku/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from './keys';
import { useCallMutation } from './mutation';

afterEach(() => vi.unstubAllGlobals());

const ok = (data: unknown) =>
  new Response(JSON.stringify({ errcode: 0, errmsg: '', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

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
});
