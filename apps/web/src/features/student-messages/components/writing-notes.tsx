import { Button, Empty, Spin, Tag } from 'antd';
import { Link } from 'react-router';
import { panel } from '@ondoku/ui';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useWritingNotes } from '../api';

/** The teacher's notes to this child about this topic, on the answer paper, with 「コメントを書く」. */
export function WritingNotes({ topicId, loginId }: { topicId: number; loginId: string }) {
  const notes = useWritingNotes({ topic_id: topicId, student_id: loginId });
  const guest = useSession()?.user.type === 'guest';
  const rows = notes.data?.rows ?? [];
  return (
    <section style={panel} aria-label="先生のコメント">
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 12 }}>
        <h2 style={{ fontSize: 15, margin: 0, flex: 1 }}>先生のコメント（{rows.length}件）</h2>
        {!guest && (
          <Link to={paths.writingNoteAdd.getHref(topicId, loginId)}>
            <Button type="primary" size="small">
              コメントを書く
            </Button>
          </Link>
        )}
      </div>
      {notes.isPending ? (
        <Spin />
      ) : rows.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="この教材について、この児童へのコメントはまだありません。"
        />
      ) : (
        <ul data-testid="writing-notes" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((n) => (
            <li key={n.note_id} data-testid="writing-note" style={{ padding: '8px 0', borderTop: '1px solid #f0f0f0' }}>
              <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.45)', display: 'flex', gap: 8, alignItems: 'center' }}>
                <span>{formatDateTime(n.created_at)}</span>
                {n.read_at ? <Tag color="green">既読</Tag> : <Tag>未読</Tag>}
              </div>
              <div style={{ whiteSpace: 'pre-wrap', marginTop: 4 }}>{n.content}</div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
