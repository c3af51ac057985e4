import { paths } from '../../config/paths';
import { MessageSendForm } from '../../features/messages/components/message-send-form';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: 'メッセージを書く', level: 1, menu: paths.messages.path };

/** /message/send (docs/messages.md): write to classes and children. */
export function Component() {
  return <MessageSendForm />;
}
