import { fireEvent, screen, waitFor } from '@testing-library/react';

/**
 * Choose an option of an antd Select found by its aria-label, as a teacher does: open the
 * dropdown, click the option. Options are matched by their title (antd sets it to a text label).
 */
export async function pickOption(label: string, option: string) {
  const input = screen.getByLabelText(label);
  const select = input.closest('.ant-select') ?? input;
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  const items = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].filter(
      (el) => el.getAttribute('title') === option && el.closest('.ant-select-dropdown-hidden') === null,
    );
    if (!found.length) throw new Error(`no option ${option} for ${label}`);
    return found;
  });
  fireEvent.click(items.at(-1)!);
}
