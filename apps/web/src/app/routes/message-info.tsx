import { useParams } from 'react-router';
import { NotFound } from '../../components/ui/load-state';
import { paths } from '../../config/paths';
import { MessageInfo } from '../../features/messages/components/message-info';
import type { RouteHandle } from '../router';
import { idParam } from './id-param';

export const handle: RouteHandle = { title: 'メッセージの詳細', level: 1, menu: paths.messages.path };

/** /message/info/:id (docs/messages.md): one message with its readers. */
export function Component() {
  const id = idParam(useParams().id);
  if (id === null) return <NotFound backTo={paths.messages.path} backLabel="メッセージ一覧へ戻る" />;
  return <MessageInfo key={id} id={id} />;
}
