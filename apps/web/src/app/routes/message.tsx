import { paths } from '../../config/paths';
import { OutboxList } from '../../features/messages/components/outbox-list';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: 'メッセージ', level: 0, menu: paths.messages.path };

/** /message (docs/messages.md): the teacher's outbox. */
export function Component() {
  return <OutboxList />;
}
