import { Button } from 'antd';
import { notify } from '../../../lib/notify';
import { useNewNoticeTotal } from '../../../lib/queries';
import { useSession } from '../../../lib/session';
import { useRemindUnsubmitted } from '../api';

/**
 * 「未提出の児童にお知らせ」 (docs/student-messages.md, "Rules"): after a confirmation naming how many children,
 * one reminder to each child who has not submitted. The server sends one per child per homework an
 * hour and serialises the calls of one homework, so a double click sends once; the button waits
 * too.
 */
export function RemindButton({ homeworkId, count }: { homeworkId: number; count: number }) {
  const remind = useRemindUnsubmitted();
  const guest = useSession()?.user.type === 'guest';
  const allowed = useNewNoticeTotal().data?.allow_send_message !== false;
  // The guest type, and a teacher the operator has not allowed to write to children
  // (allow_send_message, docs/messages.md), may not send notices; the server refuses them too.
  if (count === 0 || guest || !allowed) return null;
  const ask = () =>
    notify.confirm({
      title: `未提出の児童${count}人にお知らせを送りますか？`,
      content: (
        <div data-testid="remind-confirm">
          宿題をまだ提出していない{count}人の児童に、提出を促すお知らせが届きます。
          <br />
          同じ児童へのお知らせは、この宿題につき1時間に1回までです。
        </div>
      ),
      okText: '送る',
      cancelText: 'キャンセル',
      onOk: async () => {
        // A refusal (too soon, nobody left) is told by the request layer's toast; the dialog closes.
        const r = await remind.mutateAsync({ homework_id: homeworkId }).catch(() => null);
        if (!r) return;
        notify.success(
          r.skipped > 0
            ? `${r.count}人にお知らせを送りました（1時間以内に送った${r.skipped}人を除く）。`
            : `${r.count}人にお知らせを送りました。`,
        );
      },
    });
  return (
    <Button size="small" type="primary" ghost loading={remind.isPending} disabled={remind.isPending} onClick={ask}>
      未提出の児童にお知らせ
    </Button>
  );
}
