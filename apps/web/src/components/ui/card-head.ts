import type { CardProps } from 'antd';

/**
 * An antd Card head whose title is never cut short by its buttons: the title keeps its width and
 * the buttons (a wrapping `Space` in `extra`) take what is left and wrap onto more lines. At
 * 1024 px antd's own head squeezed 「クラス一覧」 to 「クラス━」 and a student's name against the buttons.
 */
export const wrappingCardHead: CardProps['styles'] = {
  title: { flex: 'none', overflow: 'visible', marginInlineEnd: 16 },
  extra: { flex: '1 1 0', minWidth: 0, display: 'flex', justifyContent: 'flex-end', padding: '8px 0' },
};
