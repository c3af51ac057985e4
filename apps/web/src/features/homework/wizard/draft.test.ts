import { homeworkMessages, messages, requiredTimesField } from '@ondoku/contract';
import { describe, expect, it } from 'vitest';
import { buildPublishInput, emptyDraft, parseDraft, stepIssues, stepOfPath, wordsInRange } from './draft';

const now = new Date('2026-04-08T00:00:00.000Z');
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
const resources = [
  { id: 101, title: 'A', type: 'sentence_reading' as const },
  { id: 102, title: 'B', type: 'article_reading' as const },
];
const ctx = { resources, pack: null, now };

describe('wizard draft', () => {
  it('reads a stored draft field by field; garbage becomes empty, another variant keeps the shared fields', () => {
    expect(parseDraft('nonsense', 'routine')).toMatchObject({ type: 'routine', title: '', publish_type: 'now' });
    const stored = {
      type: 'routine',
      request_key: 'abcdefgh12',
      title: 'T',
      publish_type: 'scheduled',
      publish_time: later(60),
      recipients: { team_ids: [1, 'x'], students: [{ student_id: 's', name: 'n' }, 3] },
    };
    const same = parseDraft(stored, 'routine');
    expect(same).toMatchObject({
      request_key: 'abcdefgh12',
      title: 'T',
      publish_type: 'scheduled',
      recipients: { team_ids: [1], students: [{ student_id: 's', name: 'n' }] },
    });
    const other = parseDraft(stored, 'periodic');
    expect(other).toMatchObject({
      type: 'periodic',
      title: 'T',
      publish_type: 'scheduled',
      publish_time: null,
      request_key: 'abcdefgh12',
    });
  });

  it('checks each step with the contract rules and messages', () => {
    const d = { ...emptyDraft('routine'), title: 'a|b', required_times: '12345678901', end_time: later(-1) };
    expect(stepIssues(d, 1, { ...ctx, resources: [] })).toEqual([
      { path: 'resources', message: homeworkMessages.resourcesRequired },
    ]);
    expect(stepIssues(d, 2, ctx)).toEqual([{ path: 'recipients', message: homeworkMessages.recipientsRequired }]);
    expect(stepIssues(d, 3, ctx)).toEqual([
      { path: 'title', message: messages.homeworkTitleForbidden },
      { path: 'end_time', message: homeworkMessages.endTimeWrong },
      { path: 'required_times', message: messages.numberTooLong },
    ]);
    // Scheduled without a delivery time: that is asked for, and a past end is still wrong.
    expect(stepIssues({ ...d, title: 'ok', required_times: '', publish_type: 'scheduled' }, 3, ctx)).toEqual([
      { path: 'publish_time', message: homeworkMessages.publishTimeRequired },
      { path: 'end_time', message: homeworkMessages.endTimeWrong },
    ]);
    // Full-width digits (an IME's 「１２３」) are digits: no issue, and the call gets 123.
    const wide = { ...d, title: 'ok', required_times: '１２３', end_time: later(120) };
    expect(stepIssues(wide, 3, ctx)).toEqual([]);
    expect(requiredTimesField.parse(buildPublishInput(wide, resources, null).required_times)).toBe(123);
    const w = { ...emptyDraft('wordtest'), title: 'W', end_time: later(120), test_start_time: later(5) };
    expect(stepIssues(w, 3, ctx)).toEqual([{ path: 'test_start_time', message: homeworkMessages.testTimeWrong }]);
    expect(stepIssues({ ...w, test_start_time: later(121) }, 3, ctx)).toEqual([
      { path: 'test_start_time', message: homeworkMessages.testTimeWrong },
    ]);
    expect(stepIssues({ ...w, test_start_time: later(30) }, 3, ctx)).toEqual([]);
    const p = { ...emptyDraft('periodic'), schedule: [{ weekday: 1, resource_ids: [] }] };
    expect(stepIssues(p, 1, ctx)).toEqual([{ path: 'schedule', message: homeworkMessages.scheduleDayEmpty }]);
    expect(stepOfPath('schedule')).toBe(1);
    expect(stepOfPath('recipients')).toBe(2);
    expect(stepOfPath('end_time')).toBe(3);
  });

  it('builds the publish input: a pack by its code, resources by id, periodic days in weekday order', () => {
    const d = {
      ...emptyDraft('routine'),
      request_key: 'k1234567',
      title: 'T',
      end_time: later(60),
      recipients: { team_ids: [3], students: [] },
    };
    expect(buildPublishInput(d, resources, null)).toMatchObject({
      resource_ids: [101, 102],
      publish_time: null,
      required_times: null,
    });
    const withPack = buildPublishInput(d, [{ id: 'P1', title: 'Pack', type: 'dialog' }], {
      code: 'P1',
      title: 'Pack',
      type: 'dialog',
      total: 4,
    });
    expect(withPack).toMatchObject({ pack_code: 'P1' });
    expect(withPack).not.toHaveProperty('resource_ids');
    const p = {
      ...emptyDraft('periodic'),
      schedule: [
        { weekday: 5, resource_ids: [101] },
        { weekday: 1, resource_ids: [102] },
      ],
    };
    expect(buildPublishInput(p, resources, null)).toMatchObject({
      publish_type: 'scheduled',
      schedule: [{ weekday: 1 }, { weekday: 5 }],
    });
    expect(stepIssues({ ...d }, 4, ctx)).toEqual([]);
  });

  it('counts the words of a part range', () => {
    const parts = [
      { part: 1, word_count: 20 },
      { part: 2, word_count: 15 },
      { part: 3, word_count: 5 },
    ];
    expect(wordsInRange(parts, 2, 3)).toBe(20);
    expect(wordsInRange(parts, null, 3)).toBe(0);
  });
});
