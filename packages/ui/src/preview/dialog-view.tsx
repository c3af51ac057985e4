import { UserOutlined } from '@ant-design/icons';
import type { PreviewItem, WaitItem } from '@ondoku/contract';
import { Tag } from 'antd';
import { Fragment } from 'react';
import { ItemFooter, ItemText, PlayButton, TeacherNote } from './parts';
import { matchAnswers, type ItemResult } from './results';
import type { PreviewViewProps } from './types';

function PartnerTurn({ w, showTranslation }: { w: WaitItem; showTranslation: boolean }) {
  return (
    <div className="lib-turn" data-testid="dialog-partner-turn">
      <div className="lib-turn-role">
        <UserOutlined /> {w.role}
      </div>
      <div className="lib-turn-bubble">
        <div className="lib-sentence-text" lang="en">
          {w.screen_text}
        </div>
        {showTranslation && <div className="lib-item-sub">{w.screen_text_translation}</div>}
        <div style={{ marginTop: 6 }}>
          <PlayButton src={w.audio_file} label="聞く" size="small" />
        </div>
      </div>
    </div>
  );
}

function StudentTurn({
  item,
  result,
  props,
}: {
  item: PreviewItem;
  result: ItemResult | undefined;
  props: PreviewViewProps;
}) {
  return (
    <div className="lib-turn child" data-testid="dialog-child-turn" aria-label={`問題${item.index + 1}`}>
      <div className="lib-turn-role">
        <Tag color="blue" style={{ marginInlineEnd: 0 }}>
          {item.role ?? '生徒'}
        </Tag>
        <div style={{ marginTop: 4 }}>読む番</div>
      </div>
      <div className="lib-turn-bubble">
        <ItemText text={item.screen_text} html={result?.evaluate_html} className="lib-sentence-text" />
        {(props.showTranslations ?? true) && <div className="lib-item-sub">{item.screen_text_translation}</div>}
        {(props.showNotes ?? true) && <TeacherNote note={item.note_homework} />}
        <ItemFooter
          audio={item.audio_file}
          result={result}
          average={props.averages?.[item.index]?.score}
          actions={props.renderItemActions?.(item, result)}
        />
      </div>
    </div>
  );
}

/**
 * 会話: the turns in order. Before each of the child's turns come the partner's lines it waits
 * through (wait_items, contract convention); lines after the child's last turn carry that turn's
 * own index as after_index and follow it. The child's turns are highlighted on the right.
 */
export function DialogView(props: PreviewViewProps) {
  const results = matchAnswers(props.detail, props.answers);
  const showTranslations = props.showTranslations ?? true;
  const roles = [
    ...new Set(props.detail.items.flatMap((i) => [...(i.wait_items ?? []).map((w) => w.role), i.role ?? ''])),
  ].filter(Boolean);
  const studentRoles = new Set(props.detail.items.map((i) => i.role).filter(Boolean));
  return (
    <div data-testid="preview-dialog">
      <div style={{ marginBottom: 12, display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
        <span style={{ color: 'rgba(0,0,0,0.55)' }}>登場人物</span>
        {roles.map((r) => (
          <Tag key={r} color={studentRoles.has(r) ? 'blue' : 'default'}>
            {r}
            {studentRoles.has(r) ? '（生徒が読む）' : ''}
          </Tag>
        ))}
      </div>
      {props.detail.items.map((item) => {
        const waits = item.wait_items ?? [];
        // Partner lines after the child's last turn sit on that item with after_index = its own index.
        const before = waits.filter((w) => w.after_index < item.index);
        const after = waits.filter((w) => w.after_index >= item.index);
        return (
          <Fragment key={item.index}>
            {before.map((w, i) => (
              <PartnerTurn key={`b${i}`} w={w} showTranslation={showTranslations} />
            ))}
            <StudentTurn item={item} result={results.get(item.index)} props={props} />
            {after.map((w, i) => (
              <PartnerTurn key={`a${i}`} w={w} showTranslation={showTranslations} />
            ))}
          </Fragment>
        );
      })}
    </div>
  );
}
