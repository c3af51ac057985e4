import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pager, pagerWindow } from './pager';

describe('pagerWindow', () => {
  it('shows at most 5 buttons around the current page', () => {
    expect(pagerWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pagerWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pagerWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pagerWindow(1, 0)).toEqual([]);
  });
});

describe('Pager', () => {
  it('is hidden for a single page', () => {
    const { container } = render(<Pager page={1} total={10} onChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('has previous, page buttons and next', () => {
    const onChange = vi.fn();
    render(<Pager page={1} total={31} onChange={onChange} />);
    expect(screen.getByRole('button', { name: /前へ/ })).toBeDisabled();
    expect(screen.getAllByRole('button').map((b) => b.textContent?.trim())).toEqual([
      '前へ',
      '1',
      '2',
      '3',
      '4',
      '次へ',
    ]);
    fireEvent.click(screen.getByRole('button', { name: /次へ/ }));
    expect(onChange).toHaveBeenCalledWith(2);
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(onChange).toHaveBeenCalledWith(3);
  });
});
