import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { homeworkMessages } from './homework.js';
import { publishHomeworkInput, publishTimeIssues } from './homework-publish.js';

const now = new Date('2026-04-08T00:00:00Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
const base = {
  request_key: 'a1b2c3d4-0000-4000-8000-000000000001',
  title: '音読の宿題',
  team_ids: [1],
  end_time: at(60 * 24),
};
const firstMessage = (input: unknown) => {
  const r = publishHomeworkInput.safeParse(input);
  return r.success ? null : r.error.issues[0]!.message;
};

describe('publish-homework input', () => {
  it('takes each variant', () => {
    expect(firstMessage({ ...base, homework_type: 'routine', publish_type: 'now', resource_ids: [3] })).toBeNull();
    const periodic = publishHomeworkInput.parse({
      ...base,
      homework_type: 'periodic',
      publish_time: at(60),
      schedule: [{ weekday: 1, resource_ids: [3] }],
    });
    expect(periodic).toMatchObject({ deadline_days: 7, review_missed: false, publish_type: 'scheduled' });
    expect(
      firstMessage({
        ...base,
        homework_type: 'wordtest',
        publish_type: 'now',
        word_book_code: 'g5',
        part_from: 1,
        part_to: 2,
        word_count: 10,
        test_start_time: at(30),
      }),
    ).toBeNull();
  });

  it("answers the spec's messages", () => {
    const routine = { ...base, homework_type: 'routine', publish_type: 'now', resource_ids: [3] };
    expect(firstMessage({ ...routine, team_ids: [] })).toBe(homeworkMessages.recipientsRequired);
    expect(firstMessage({ ...routine, resource_ids: [] })).toBe(homeworkMessages.resourcesRequired);
    expect(firstMessage({ ...routine, publish_type: 'scheduled' })).toBe(homeworkMessages.publishTimeRequired);
    expect(firstMessage({ ...routine, title: 'a:b' })).toBe(messages.homeworkTitleForbidden);
    expect(firstMessage({ ...routine, title: ' ' })).toBe(messages.homeworkTitleRequired);
    expect(firstMessage({ ...routine, required_times: '12345678901' })).toBe(messages.numberTooLong);
    expect(publishHomeworkInput.parse({ ...routine, required_times: '9999999999' }).required_times).toBe(9_999_999_999);
    expect(
      firstMessage({
        ...base,
        homework_type: 'periodic',
        publish_time: at(60),
        schedule: [{ weekday: 1, resource_ids: [] }],
      }),
    ).toBe(homeworkMessages.scheduleDayEmpty);
  });

  it('checks times against a clock', () => {
    const ok = { homework_type: 'routine' as const, publish_type: 'now' as const, end_time: at(10) };
    expect(publishTimeIssues(ok, now)).toEqual([]);
    expect(publishTimeIssues({ ...ok, end_time: at(-1) }, now)[0]!.message).toBe('終了時刻が間違っています。');
    const periodic = { homework_type: 'periodic' as const, publish_type: 'scheduled' as const, end_time: at(9999) };
    expect(publishTimeIssues({ ...periodic, publish_time: at(29) }, now)[0]!.message).toBe(
      homeworkMessages.periodicStartTooSoon(),
    );
    expect(publishTimeIssues({ ...periodic, publish_time: at(30) }, now)).toEqual([]);
    const test = { homework_type: 'wordtest' as const, publish_type: 'now' as const, end_time: at(60) };
    expect(publishTimeIssues({ ...test, test_start_time: at(9) }, now)[0]!.message).toBe(
      'テスト時刻の設定に誤りがあります。',
    );
    expect(publishTimeIssues({ ...test, test_start_time: at(61) }, now)[0]!.message).toBe(
      'テスト時刻の設定に誤りがあります。',
    );
    expect(publishTimeIssues({ ...test, test_start_time: at(10) }, now)).toEqual([]);
    expect(homeworkMessages.limit(300)).toBe('宿題は300個まで配信できます。');
  });
});
