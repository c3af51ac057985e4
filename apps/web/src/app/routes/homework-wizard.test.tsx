process.env.TZ = 'Asia/Tokyo';
import {
  checkDefineTimes,
  ErrorCode,
  getHomeworkClassRows,
  getMyClassRows,
  getMyHomeworkPageList,
  getPeriodicPlanList,
  getRegularRecommendNames,
  getStudentListByClass,
  getWordBookList,
  getWordBookParts,
  homeworkMessages,
  messages,
  publishHomework,
} from '@ondoku/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectionStore } from '../../features/library/selection/selection-store';
import { fail, failure, renderRoute, reply, type FakeInput } from '../../test/render-route';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => {
  sessionStorage.clear();
  selectionStore.reload();
});

const KEY = 'ondoku.homework-selection.7';
const resources = [
  { id: 101, title: 'Hello, Tom!', type: 'sentence_reading' },
  { id: 102, title: 'My Family', type: 'article_reading' },
];
const ahead = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** The library's selection with the wizard's form info, as a reload finds it in sessionStorage. */
function seed(form: Record<string, unknown> = {}, res: unknown[] = resources) {
  sessionStorage.setItem(KEY, JSON.stringify({ resources: res, pack: null, form }));
  selectionStore.reload();
}

const validRoutine = () => ({
  type: 'routine',
  request_key: 'key-0123456789',
  title: '4月の音読',
  recipients: { team_ids: [12], students: [{ student_id: 'x2-05', name: '佐藤 次郎', team_name: '3年2組' }] },
  publish_type: 'now',
  end_time: ahead(60 * 24 * 7),
  required_times: '3',
});

const baseApi = [
  reply(getHomeworkClassRows, () => ({
    rows: [
      { team_id: 12, name: '3年1組', student_count: 25 },
      { team_id: 13, name: '3年2組', student_count: 2 },
    ],
  })),
  reply(getStudentListByClass, () => ({
    rows: [
      { student_id: 'x2-05', name: '佐藤 次郎', furigana: 'さとう じろう', number: '5' },
      { student_id: 'x2-06', name: '鈴木 三郎', furigana: 'すずき さぶろう', number: '6' },
    ],
  })),
  reply(checkDefineTimes, () => ({ server_time: new Date().toISOString() })),
  reply(getMyClassRows, () => ({ rows: [] })),
  reply(getMyHomeworkPageList, () => ({ rows: [], total: 0, page: 1, limit: 20 })),
  reply(getPeriodicPlanList, () => ({ rows: [], total: 0, page: 1, limit: 20 })),
];

/** Choose in a native select by its option text. */
function pickOption(label: string, text: string) {
  const select = screen.getByLabelText(label) as HTMLSelectElement;
  const option = [...select.options].find((o) => o.text === text);
  if (!option) throw new Error(`no option ${text} in ${label}`);
  fireEvent.change(select, { target: { value: option.value } });
}

const next = () => fireEvent.click(screen.getByRole('button', { name: '次へ' }));
const alertText = () => screen.getAllByRole('alert').map((a) => a.textContent);

describe('/homework-create/routine/:step', { timeout: 400_000 }, () => {
  it('walks content → recipients → settings with the spec messages on bad input', async () => {
    seed();
    const { router, calls } = renderRoute('/homework-create/routine/1', { api: baseApi });
    expect(await screen.findByTestId('wizard-content', {}, { timeout: 20_000 })).toHaveTextContent('Hello, Tom!');
    next();
    await waitFor(() => expect(router.state.location.pathname).toBe('/homework-create/routine/2'));

    await screen.findByRole('checkbox', { name: /3年1組/ }, { timeout: 20_000 });
    next();
    expect(await screen.findByText(homeworkMessages.recipientsRequired)).toBeInTheDocument();
    // One class whole, one child of another class singly.
    fireEvent.click(screen.getByRole('checkbox', { name: /3年1組/ }));
    await waitFor(() => pickOption('生徒を選ぶクラス', '3年2組'));
    fireEvent.click(await screen.findByRole('checkbox', { name: /佐藤 次郎/ }, { timeout: 20_000 }));
    expect(screen.getByTestId('chosen-students')).toHaveTextContent('選んだ生徒 1人');
    next();
    await waitFor(() => expect(router.state.location.pathname).toBe('/homework-create/routine/3'));

    const title = await screen.findByLabelText('タイトル');
    expect(title).toHaveAttribute('placeholder', 'タイトル（50文字以内）');
    next();
    await waitFor(() => expect(alertText()).toContain(messages.homeworkTitleRequired));
    expect(alertText()).toContain(homeworkMessages.endTimeRequired);
    fireEvent.change(title, { target: { value: '音読:第1回' } });
    fireEvent.click(screen.getByRole('radio', { name: '日時を指定して配信' }));
    fireEvent.change(screen.getByLabelText('必要練習回数'), { target: { value: '12345678901' } });
    next();
    await waitFor(() => expect(alertText()).toContain(messages.homeworkTitleForbidden));
    expect(alertText()).toContain(homeworkMessages.publishTimeRequired);
    expect(alertText()).toContain(messages.numberTooLong);
    expect(calls.some((c) => c.path === publishHomework.path)).toBe(false);
  });

  it('refuses an end before now (終了時刻が間違っています。) and a server-clock refusal on its field', async () => {
    seed({ ...validRoutine(), end_time: ahead(-5) });
    const first = renderRoute('/homework-create/routine/3', { api: baseApi });
    await screen.findByLabelText('タイトル', {}, { timeout: 20_000 });
    next();
    await waitFor(() => expect(alertText()).toContain(homeworkMessages.endTimeWrong));
    expect(first.calls.some((c) => c.path === checkDefineTimes.path)).toBe(false);
    first.unmount();
    vi.unstubAllGlobals();

    // Right by the browser's clock, wrong by the server's (check-define-times): its message on the field.
    seed(validRoutine());
    const { router, calls } = renderRoute('/homework-create/routine/3', {
      api: [...baseApi, reply(checkDefineTimes, () => fail(400, homeworkMessages.endTimeWrong))],
    });
    await screen.findByLabelText('タイトル', {}, { timeout: 20_000 });
    next();
    await waitFor(() => expect(alertText()).toContain(homeworkMessages.endTimeWrong));
    expect(calls.find((c) => c.path === checkDefineTimes.path)?.input).toMatchObject({
      homework_type: 'routine',
      publish_type: 'now',
    });
    expect(router.state.location.pathname).toBe('/homework-create/routine/3');
  });

  it('keeps the wizard through a reload until it is published', async () => {
    seed({ ...validRoutine(), title: '' });
    const first = renderRoute('/homework-create/routine/3', { api: baseApi });
    fireEvent.change(await screen.findByLabelText('タイトル', {}, { timeout: 20_000 }), {
      target: { value: '春の音読' },
    });
    first.unmount();
    vi.unstubAllGlobals();
    // A reload: the page's memory is gone, sessionStorage stays.
    selectionStore.reload();
    renderRoute('/homework-create/routine/3', { api: baseApi });
    expect(await screen.findByLabelText('タイトル', {}, { timeout: 20_000 })).toHaveValue('春の音読');
    expect(screen.getByLabelText('必要練習回数')).toHaveValue('3');
  });

  it('publishes once on a double click, then says so and opens the homework list', async () => {
    seed(validRoutine());
    const published: FakeInput[] = [];
    const { router } = renderRoute('/homework-create/routine/4', {
      api: [
        ...baseApi,
        reply(publishHomework, (b) => {
          published.push(b);
          return { homework_ids: [900, 901], plan_id: null };
        }),
      ],
    });
    const summary = await screen.findByTestId('wizard-summary', {}, { timeout: 20_000 });
    expect(summary).toHaveTextContent('4月の音読');
    await waitFor(() => expect(summary).toHaveTextContent('3年1組、生徒1人（佐藤 次郎）'));
    const send = screen.getByRole('button', { name: '配信する' });
    fireEvent.click(send);
    fireEvent.click(send);
    // The toast lasts 3 s: looked for first.
    expect(await screen.findByText('宿題「4月の音読」を配信しました。', {}, { timeout: 20_000 })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/homework-management'), { timeout: 20_000 });
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({
      homework_type: 'routine',
      request_key: 'key-0123456789',
      title: '4月の音読',
      team_ids: [12],
      student_ids: ['x2-05'],
      resource_ids: [101, 102],
      publish_type: 'now',
      required_times: '3',
    });
    // Published: the selection and the wizard are gone.
    expect(JSON.parse(sessionStorage.getItem(KEY)!)).toEqual({ resources: [], pack: null, form: {} });
  });

  it('shows the distribution limit as the server sends it and keeps the wizard', async () => {
    seed(validRoutine());
    const { router } = renderRoute('/homework-create/routine/4', {
      api: [
        ...baseApi,
        reply(publishHomework, () => failure(200, ErrorCode.HOMEWORK_LIMIT, homeworkMessages.limit(300))),
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: '配信する' }, { timeout: 20_000 }));
    expect(await screen.findByTestId('server-error')).toHaveTextContent('宿題は300個まで配信できます。');
    expect(router.state.location.pathname).toBe('/homework-create/routine/4');
    expect(JSON.parse(sessionStorage.getItem(KEY)!).form.title).toBe('4月の音読');
  });

  it('discards the wizard and the selection after a confirmation', async () => {
    seed(validRoutine());
    const { router } = renderRoute('/homework-create/routine/2', { api: baseApi });
    fireEvent.click(await screen.findByRole('button', { name: '破棄する' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('作成中の宿題を破棄しますか？');
    fireEvent.click(within(dialog).getByRole('button', { name: '破棄する' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/homework-create/form'));
    expect(JSON.parse(sessionStorage.getItem(KEY)!)).toEqual({ resources: [], pack: null, form: {} });
  });
});

describe('/homework-create/periodic/:step', { timeout: 400_000 }, () => {
  it('needs a weekday with at least one resource each, a start far enough ahead, and suggests titles', async () => {
    seed({ type: 'periodic', request_key: 'key-periodic-1' });
    const { router, calls } = renderRoute('/homework-create/periodic/1', {
      api: [...baseApi, reply(getRegularRecommendNames, () => ({ names: ['3年1組 月・水の音読'] }))],
    });
    await screen.findByRole('group', { name: '配信する曜日' }, { timeout: 20_000 });
    next();
    await waitFor(() => expect(alertText()).toContain(homeworkMessages.scheduleRequired));
    fireEvent.click(screen.getByRole('checkbox', { name: '月曜日' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '水曜日' }));
    // 水曜日 without any resource.
    act(() =>
      selectionStore.setForm({
        ...selectionStore.get().form,
        schedule: [
          { weekday: 1, resource_ids: [101, 102] },
          { weekday: 3, resource_ids: [] },
        ],
      }),
    );
    next();
    await waitFor(() => expect(alertText()).toContain(homeworkMessages.scheduleDayEmpty));
    act(() =>
      selectionStore.setForm({
        ...selectionStore.get().form,
        schedule: [
          { weekday: 1, resource_ids: [101, 102] },
          { weekday: 3, resource_ids: [102] },
        ],
        recipients: { team_ids: [12], students: [] },
        publish_time: ahead(10),
        end_time: ahead(60 * 24 * 30),
      }),
    );
    next();
    await waitFor(() => expect(router.state.location.pathname).toBe('/homework-create/periodic/2'));
    next();
    await waitFor(() => expect(router.state.location.pathname).toBe('/homework-create/periodic/3'));
    fireEvent.click(await screen.findByRole('button', { name: '3年1組 月・水の音読' }, { timeout: 20_000 }));
    expect(screen.getByLabelText('タイトル')).toHaveValue('3年1組 月・水の音読');
    expect(calls.find((c) => c.path === getRegularRecommendNames.path)?.input).toMatchObject({
      team_id: '12',
      weekdays: '1,3',
    });
    next();
    await waitFor(() => expect(alertText()).toContain(homeworkMessages.periodicStartTooSoon()));
  });
});

describe('/homework-create/wordtest/:step', { timeout: 400_000 }, () => {
  it('chooses a word book and range, says when all words are used, and checks the test time', async () => {
    seed({ type: 'wordtest', request_key: 'key-wordtest-1' }, []);
    const { router } = renderRoute('/homework-create/wordtest/1', {
      api: [
        ...baseApi,
        reply(getWordBookList, () => ({
          rows: [{ code: 'wb-g3', title: '3年生の単語', grade: 3, max_part: 3, word_count: 60 }],
        })),
        reply(getWordBookParts, () => ({
          code: 'wb-g3',
          title: '3年生の単語',
          max_part: 3,
          parts: [
            { part: 1, word_count: 20 },
            { part: 2, word_count: 20 },
            { part: 3, word_count: 20 },
          ],
        })),
      ],
    });
    await screen.findByLabelText('単語帳', {}, { timeout: 20_000 });
    next();
    await waitFor(() => expect(alertText()).toContain(homeworkMessages.wordBookRequired));
    await waitFor(() => pickOption('単語帳', '3年生の単語（全3パート・60語）'), { timeout: 20_000 });
    // The range the other way round.
    act(() => selectionStore.setForm({ ...selectionStore.get().form, part_from: 2, part_to: 1, word_count: 30 }));
    next();
    await waitFor(() => expect(alertText()).toContain(homeworkMessages.partRangeWrong));
    await waitFor(() => pickOption('出題範囲（おわり）', 'パート2（20語）'), { timeout: 20_000 });
    expect(await screen.findByTestId('word-range-info')).toHaveTextContent(
      '範囲内の単語は20語です。出題数が範囲の単語数より多いため、範囲内のすべての単語（20語）を出題します。',
    );
    next();
    await waitFor(() => expect(router.state.location.pathname).toBe('/homework-create/wordtest/2'));

    act(() =>
      selectionStore.setForm({
        ...selectionStore.get().form,
        title: '単語テスト1',
        recipients: { team_ids: [12], students: [] },
        end_time: ahead(120),
        test_start_time: ahead(5),
      }),
    );
    router.navigate('/homework-create/wordtest/3');
    await screen.findByLabelText('テスト開始日時', {}, { timeout: 20_000 });
    next();
    await waitFor(() => expect(alertText()).toContain(homeworkMessages.testTimeWrong));
    // After the end: wrong too.
    act(() => selectionStore.setForm({ ...selectionStore.get().form, test_start_time: ahead(180) }));
    next();
    await waitFor(() => expect(alertText()).toContain(homeworkMessages.testTimeWrong));
    act(() => selectionStore.setForm({ ...selectionStore.get().form, test_start_time: ahead(30) }));
    next();
    await waitFor(() => expect(router.state.location.pathname).toBe('/homework-create/wordtest/4'));
    expect(await screen.findByTestId('wizard-summary', {}, { timeout: 20_000 })).toHaveTextContent(
      // 30 asked, 20 in the range: the confirmation says what will be asked.
      'パート2〜2、20語（範囲内のすべての単語）',
    );
  });
});
