import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { newEmailField, newPasswordForm, profileForm, verificationCodeField } from './account.js';

const msg = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('account form rules', () => {
  it('verification code: six half-width digits', () => {
    expect(verificationCodeField.safeParse(' 012345 ').data).toBe('012345');
    expect(msg(verificationCodeField.safeParse('   '))).toBe(messages.codeRequired);
    for (const bad of ['12345', '1234567', '12a456', '０１２３４５']) {
      expect(msg(verificationCodeField.safeParse(bad)), bad).toBe(messages.codeFormat);
    }
  });

  it('profile: nickname required (whitespace-only is empty), no emoji, lengths 20 / 50', () => {
    expect(msg(profileForm.safeParse({ nickname: '　 ', school: '' }))).toBe(messages.nicknameRequired);
    expect(msg(profileForm.safeParse({ nickname: '山田👍🏻', school: '' }))).toBe(messages.emojiNotAllowed);
    expect(msg(profileForm.safeParse({ nickname: '山田', school: '🇯🇵小学校' }))).toBe(messages.emojiNotAllowed);
    expect(msg(profileForm.safeParse({ nickname: 'あ'.repeat(21), school: '' }))).toBe(messages.overLength);
    expect(profileForm.safeParse({ nickname: '𠮷'.repeat(20), school: '' }).success).toBe(true);
    expect(msg(profileForm.safeParse({ nickname: '山田', school: 'あ'.repeat(51) }))).toBe(messages.overLength);
    expect(profileForm.safeParse({ nickname: '山田 花子', school: '' }).success).toBe(true);
  });

  it('new e-mail: format, then different from the current one (case-insensitive)', () => {
    const field = newEmailField('taro@example.com');
    expect(msg(field.safeParse('taro@'))).toBe(messages.emailInvalid);
    expect(msg(field.safeParse('Taro@Example.com'))).toBe(messages.emailSameAsCurrent);
    expect(field.safeParse('hanako@example.com').success).toBe(true);
  });

  it('new password: the rule, then the two entries must match', () => {
    expect(msg(newPasswordForm.safeParse({ password: 'abc12', confirm: 'abc12' }))).toBe(messages.passwordRule);
    expect(msg(newPasswordForm.safeParse({ password: 'abc123', confirm: 'abc124' }))).toBe(messages.passwordMismatch);
    expect(msg(newPasswordForm.safeParse({ password: 'abc123', confirm: '' }))).toBe(messages.passwordConfirmRequired);
    expect(newPasswordForm.safeParse({ password: 'abc123', confirm: 'abc123' }).success).toBe(true);
  });
});
