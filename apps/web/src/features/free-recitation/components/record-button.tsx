import { AudioOutlined, LoadingOutlined } from '@ant-design/icons';
import type { EvaluationCategory } from '@ondoku/contract';
import type { Recorder } from '@ondoku/ui/recorder';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { fetchEvaluationSocketUrl } from '../../../lib/evaluation-socket';

type Phase = 'idle' | 'starting' | 'recording' | 'stopping';

/**
 * The teacher reads the text into the microphone with the app's recorder (@ondoku/ui/recorder,
 * loaded when first used); the recording comes back as a 16 kHz WAV file to upload.
 */
export function RecordButton({
  text,
  category,
  label,
  disabled,
  onRecorded,
  onError,
}: {
  text: string;
  category: EvaluationCategory;
  label: string;
  disabled?: boolean;
  onRecorded(file: File): void;
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
        params: { text, category },
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
    setPhase('stopping');
    // The live score is not needed: the server checks the uploaded file against the text.
    await r.stop().catch(() => null);
    const wav = r.recording();
    r.destroy();
    recorder.current = null;
    setPhase('idle');
    if (wav) onRecorded(new File([wav], 'recording.wav', { type: 'audio/wav' }));
    else onError('録音データがありません。');
  };

  if (phase === 'recording')
    return (
      <Button danger icon={<AudioOutlined />} onClick={() => void stop()} aria-label={`${label}の録音を終える`}>
        録音を終える
      </Button>
    );
  return (
    <Button
      icon={phase === 'idle' ? <AudioOutlined /> : <LoadingOutlined />}
      disabled={disabled || phase !== 'idle'}
      onClick={() => void start()}
      aria-label={`${label}を録音する`}
    >
      録音する
    </Button>
  );
}
