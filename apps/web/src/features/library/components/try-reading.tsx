import { AudioOutlined, LoadingOutlined } from '@ant-design/icons';
import type { EvaluationCategory, EvaluationResultData, ExerciseType, PreviewItem } from '@ondoku/contract';
import { Button, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { Recorder } from '@ondoku/ui/recorder';
import { fetchEvaluationSocketUrl } from '../api';

/** Which evaluator category reads an item of this type. */
export const evaluationCategoryOf = (type: ExerciseType): EvaluationCategory =>
  type === 'word_study' || type === 'word_reading'
    ? 'read_word'
    : type === 'article_reading'
      ? 'read_chapter'
      : 'read_sentence';

export interface TrialResult {
  result: EvaluationResultData;
  /** The recording as a 16 kHz WAV, for 録音を再生. */
  recording: Blob | null;
}

type Phase = 'idle' | 'starting' | 'recording' | 'evaluating';

/**
 * 自分で読んでみる: the teacher reads an item into the microphone; the recorder streams it to the
 * evaluation service (lib/recorder) and the result comes back as a score and word colours.
 * The recorder loads only when first used.
 */
export function TryReading({
  item,
  text,
  type,
  resourceId,
  onResult,
  onError,
}: {
  item: PreviewItem;
  /** What is read: the item's text (the whole text for an article). */
  text: string;
  type: ExerciseType;
  resourceId: number;
  onResult(index: number, trial: TrialResult): void;
  onError(message: string): void;
}) {
  const [phase, setPhase] = useState<Phase>('idle');
  const recorder = useRef<Recorder | null>(null);
  useEffect(() => () => recorder.current?.destroy(), []);

  const start = async () => {
    setPhase('starting');
    try {
      const [{ Recorder }, { encoderUrl }] = await Promise.all([
        import('@ondoku/ui/recorder'),
        import('@ondoku/ui/recorder/encoder-url'),
      ]);
      recorder.current?.destroy();
      const r = new Recorder({
        socketUrl: fetchEvaluationSocketUrl,
        encoderUrl,
        params: { text, category: evaluationCategoryOf(type), res_id: resourceId },
        // Refused while reading (the server is full): stop now and show its message.
        onRefused: () => void stop(),
      });
      recorder.current = r;
      await r.start();
      setPhase('recording');
    } catch (e) {
      setPhase('idle');
      onError(e instanceof Error ? e.message : String(e));
    }
  };

  const stop = async () => {
    const r = recorder.current;
    if (!r) return;
    setPhase('evaluating');
    try {
      const result = await r.stop();
      onResult(item.index, { result, recording: r.recording() });
    } catch (e) {
      onError(e instanceof Error ? e.message : String(e));
    } finally {
      r.destroy();
      if (recorder.current === r) recorder.current = null;
      setPhase('idle');
    }
  };

  if (phase === 'recording')
    return (
      <Button danger type="primary" icon={<AudioOutlined />} onClick={() => void stop()}>
        録音を終える
      </Button>
    );
  return (
    <Tooltip title="マイクで読んで、発音の得点を確かめられます">
      <Button
        icon={phase === 'idle' ? <AudioOutlined /> : <LoadingOutlined />}
        disabled={phase !== 'idle'}
        onClick={() => void start()}
      >
        {phase === 'evaluating' ? '採点中…' : '自分で読んでみる'}
      </Button>
    </Tooltip>
  );
}
