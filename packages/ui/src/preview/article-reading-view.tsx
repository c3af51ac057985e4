import { PauseOutlined, SoundOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useAudioPlayer, type AudioPlayer } from './audio';
import { AudioControl, AverageTag, ItemText, ScoreTag, TeacherNote } from './parts';
import { matchAnswers } from './results';
import { ScoreBar } from './score-bar';
import type { PreviewViewProps } from './types';

type Sentence = NonNullable<PreviewViewProps['detail']['full_text']>['sentences'][number];

/** One sentence of the article, played alone from the article's audio by its timings. */
function SentenceLine({ s, player, showTranslation }: { s: Sentence; player: AudioPlayer; showTranslation: boolean }) {
  const key = `sentence-${s.index}`;
  const active = player.part === key && (player.status === 'playing' || player.status === 'loading');
  return (
    <div className={`lib-sentence${active ? ' playing' : ''}`} data-testid="article-sentence">
      <Tooltip title={active ? '停止' : 'この文を再生'}>
        <Button
          size="small"
          shape="circle"
          type={active ? 'primary' : 'default'}
          icon={active ? <PauseOutlined /> : <SoundOutlined />}
          aria-label={active ? `${s.index + 1}文目を停止` : `${s.index + 1}文目を再生`}
          disabled={!player.ready}
          onClick={() => (active ? player.stop() : player.play({ key, startMs: s.start_ms, endMs: s.end_ms }))}
        />
      </Tooltip>
      <div>
        <div className="lib-sentence-text" lang="en">
          {s.text}
        </div>
        {showTranslation && <div className="lib-item-sub">{s.translation}</div>}
      </div>
    </div>
  );
}

/**
 * 文章の音読: the score bar and legend when a total score exists, the full text (or the
 * child's evaluated markup), each sentence playable alone, 得点 and 平均点, and audio controls
 * with a seek bar for the model reading and the child's recording.
 */
export function ArticleReadingView(props: PreviewViewProps) {
  const { detail } = props;
  const item = detail.items[0];
  const result = matchAnswers(detail, props.answers).get(0);
  const modelSrc = detail.full_text?.audio_file ?? item?.audio_file ?? null;
  const model = useAudioPlayer(modelSrc, 'auto');
  const recordingSrc = result?.sound_file ?? props.scores?.sound_file ?? null;
  const recording = useAudioPlayer(recordingSrc, 'auto');
  const showTranslations = props.showTranslations ?? true;
  const markup = result?.evaluate_html ?? props.scores?.evaluate_html ?? null;
  const sentences = detail.full_text?.sentences ?? [];
  const score = result?.score ?? null;
  return (
    <div data-testid="preview-article_reading" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <ScoreBar scores={props.scores} />
      {modelSrc && <AudioControl player={model} label="原文" />}
      {recordingSrc && <AudioControl player={recording} label="録音" />}
      <section className="lib-item" style={{ flexDirection: 'column' }} aria-label="本文">
        {markup ? (
          <ItemText
            text={detail.full_text?.screen_text ?? item?.screen_text ?? ''}
            html={markup}
            className="lib-sentence-text"
          />
        ) : sentences.length ? (
          sentences.map((s) => <SentenceLine key={s.index} s={s} player={model} showTranslation={showTranslations} />)
        ) : (
          <ItemText text={detail.full_text?.screen_text ?? item?.screen_text ?? ''} className="lib-sentence-text" />
        )}
        {(props.showNotes ?? true) && <TeacherNote note={item?.note_homework} />}
        <div className="lib-item-footer" style={{ marginTop: 4 }}>
          <ScoreTag score={score} />
          <AverageTag score={props.averages?.[0]?.score} />
          {item && props.renderItemActions?.(item, result)}
        </div>
      </section>
    </div>
  );
}
