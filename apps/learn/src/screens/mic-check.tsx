import { useEffect, useRef, useState } from 'react';
import { MicIcon } from '../components';
import { useLearnDeps } from '../deps';
import { learnText } from '../words';

/** Open the microphone and report its level 0–1 (an analyser on the stream); returns the release. */
export async function listenToMicrophone(
  open: () => Promise<MediaStream>,
  onLevel: (level: number) => void,
): Promise<() => void> {
  const stream = await open();
  const Ctx = typeof AudioContext === 'undefined' ? null : AudioContext;
  if (!Ctx) return () => stream.getTracks().forEach((t) => t.stop());
  const context = new Ctx();
  const analyser = context.createAnalyser();
  analyser.fftSize = 512;
  context.createMediaStreamSource(stream).connect(analyser);
  const data = new Float32Array(analyser.fftSize);
  let frame = 0;
  const tick = () => {
    analyser.getFloatTimeDomainData(data);
    let peak = 0;
    for (const v of data) peak = Math.max(peak, Math.abs(v));
    onLevel(Math.min(1, peak * 2));
    frame = requestAnimationFrame(tick);
  };
  tick();
  return () => {
    cancelAnimationFrame(frame);
    stream.getTracks().forEach((t) => t.stop());
    void context.close();
  };
}

/**
 * マイクのじゅんび: before the first recording the child opens the microphone and sees a level
 * meter move when they speak; a refused permission is explained kindly.
 */
export function MicCheck({ onReady }: { onReady(): void }) {
  const { openMicrophone } = useLearnDeps();
  const [phase, setPhase] = useState<'idle' | 'listening' | 'denied' | 'missing'>('idle');
  const [level, setLevel] = useState(0);
  const [heard, setHeard] = useState(false);
  const release = useRef<(() => void) | null>(null);
  useEffect(() => () => release.current?.(), []);

  const start = async () => {
    try {
      release.current = await listenToMicrophone(openMicrophone, (l) => {
        setLevel(l);
        if (l > 0.08) setHeard(true);
      });
      setPhase('listening');
    } catch (e) {
      setPhase((e as DOMException)?.name === 'NotFoundError' ? 'missing' : 'denied');
    }
  };
  const done = () => {
    release.current?.();
    release.current = null;
    onReady();
  };

  return (
    <section className="ln-card" aria-label="マイクのじゅんび" data-testid="mic-check">
      <h2 className="ln-row" style={{ gap: 8 }}>
        <MicIcon /> マイクのじゅんび
      </h2>
      {phase === 'idle' && (
        <>
          <p>
            読むまえに、マイクがつかえるかためしてみよう。「つかってもいいですか」ときかれたら「きょか」をおしてね。
          </p>
          <button type="button" className="ln-btn ln-primary ln-big" onClick={() => void start()}>
            マイクをためす
          </button>
        </>
      )}
      {phase === 'listening' && (
        <>
          <p>「ハロー」と言ってみてね。みどりのバーがうごいたらOKだよ。</p>
          <div
            className="ln-meter"
            role="meter"
            aria-label="こえの大きさ"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(level * 100)}
          >
            <div style={{ width: `${Math.round(level * 100)}%` }} />
          </div>
          {heard && <p className="ln-ok">きこえたよ！じゅんびOK。</p>}
          <button type="button" className="ln-btn ln-primary ln-big" onClick={done}>
            {heard ? 'はじめる' : 'このままはじめる'}
          </button>
        </>
      )}
      {(phase === 'denied' || phase === 'missing') && (
        <>
          <p className="ln-error" role="alert">
            {phase === 'denied' ? learnText.micDenied : learnText.micMissing}
          </p>
          <button type="button" className="ln-btn" onClick={() => void start()}>
            もういちどためす
          </button>
        </>
      )}
    </section>
  );
}
