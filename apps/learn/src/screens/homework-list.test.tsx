import { getStudentHomeworkList } from '@ondoku/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { homeworkRow } from '../test/fixtures';
import { fail, renderLearn, reply } from '../test/render-learn';

afterEach(() => vi.unstubAllGlobals());

describe('learn: homework list', () => {
  const rows = [
    homeworkRow(),
    homeworkRow({ homework_id: 12, title: 'ふくしゅう', state: 'done', reissued: false }),
    homeworkRow({ homework_id: 13, title: 'まえのしゅくだい', state: 'overdue' }),
    homeworkRow({ homework_id: 14, title: 'もういちどのしゅくだい', state: 'open', reissued: true }),
  ];

  it('shows open homework first, with the deadline in Japanese and each topic’s best score and practice count', async () => {
    renderLearn('/', { api: [reply(getStudentHomeworkList, () => ({ rows }))] });
    const cards = await screen.findAllByTestId('homework');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      '4月のしゅくだい',
      'もういちどのしゅくだい',
    ]);
    expect(within(cards[0]!).getByTestId('deadline')).toHaveTextContent('2026年4月8日(水) 17:00');
    const topics = within(cards[0]!).getAllByTestId('topic');
    expect(topics[0]).toHaveTextContent('文を読む');
    expect(topics[0]).toHaveTextContent('さいこう 72てん');
    expect(topics[0]).toHaveTextContent('れんしゅう 2かい');
    expect(within(topics[0]!).getByRole('link', { name: 'もういちど' })).toHaveAttribute(
      'href',
      '#/homework/11/topic/21',
    );
    expect(topics[1]).toHaveTextContent('さいこう まだ');
    expect(within(topics[1]!).getByRole('link', { name: 'れんしゅうする' })).toHaveAttribute(
      'href',
      '#/homework/11/topic/22',
    );
    expect(within(cards[1]!).getByText('もういちど', { selector: '.ln-badge' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'やること（2）' })).toHaveAttribute('aria-selected', 'true');
  });

  it('おわった and しめきりがすぎた tabs; overdue topics cannot be practised', async () => {
    renderLearn('/', { api: [reply(getStudentHomeworkList, () => ({ rows }))] });
    fireEvent.click(await screen.findByRole('tab', { name: 'おわった（1）' }));
    expect(screen.getAllByTestId('homework').map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'ふくしゅう',
    ]);
    fireEvent.click(screen.getByRole('tab', { name: 'しめきりがすぎた（1）' }));
    const overdue = screen.getByTestId('homework');
    expect(overdue).toHaveTextContent('まえのしゅくだい');
    expect(within(overdue).queryByRole('link')).toBeNull();
  });

  it('empty: a kind line instead of a list', async () => {
    renderLearn('/', { api: [reply(getStudentHomeworkList, () => ({ rows: [] }))] });
    expect(await screen.findByTestId('empty')).toHaveTextContent('いまやるしゅくだいはありません');
  });

  it('a failed load can be tried again', async () => {
    let n = 0;
    renderLearn('/', {
      api: [reply(getStudentHomeworkList, () => (n++ === 0 ? fail(500, 'x') : { rows: [homeworkRow()] }))],
    });
    // The request layer's alert for a 5xx, then the screen's own retry.
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    fireEvent.click(await screen.findByRole('button', { name: 'もういちど' }));
    expect(await screen.findByTestId('homework')).toHaveTextContent('4月のしゅくだい');
  });
});
