import { getStudentInitialPwdList } from '@ondoku/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute, reply } from '../../test/render-route';

const row = (id: string, initial: string | null) => ({
  student_id: id,
  name: `生徒 ${id}`,
  furigana: 'せいと',
  grade_name: '3年',
  class_name: '1組',
  number: '1',
  initial_password: initial,
  card_key: `${id}.0.sig`,
});

describe('/print/login-cards/:classId', () => {
  it('prints each card with its sign-in QR, and the class-join QR when the class has a code', async () => {
    renderRoute('/print/login-cards/7', {
      api: [
        reply(getStudentInitialPwdList, () => ({
          team: { team_id: 7, name: '3年1組', code: 'ABC123' },
          rows: [row('s1', 'abc234de'), row('s2', null)],
        })),
      ],
    });
    const cards = await screen.findAllByTestId('login-card', {}, { timeout: 20_000 });
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      expect(within(card).getByTestId('card-login-qr')).toHaveTextContent('ログイン用QR');
      expect(within(card).getByTestId('card-join-qr')).toHaveTextContent('クラス参加用QR');
      expect(within(card).getByTestId('card-login-qr').querySelector('svg')).not.toBeNull();
    }
  });

  it('without a class code only the sign-in QR is printed', async () => {
    renderRoute('/print/login-cards/8', {
      api: [
        reply(getStudentInitialPwdList, () => ({
          team: { team_id: 8, name: '英語クラブ', code: '' },
          rows: [row('s3', 'x')],
        })),
      ],
    });
    const [card] = await screen.findAllByTestId('login-card', {}, { timeout: 20_000 });
    expect(within(card!).getByText('ログイン用QR')).toBeInTheDocument();
    expect(within(card!).queryByText('クラス参加用QR')).toBeNull();
  });
});
