import { submitSelfPractice, submitTopic, type EvaluationResultData } from '@ondoku/contract';
import { createContext, useContext, type ReactNode } from 'react';
import type { EvaluationParams } from '@ondoku/ui/recorder';
import { microphoneConstraints } from '@ondoku/ui/recorder/constants';
import { fetchStudentSocketUrl, learnApi } from './api';
import { createOutbox, type Outbox } from './outbox';
import { openLearnQueue, type LearnQueue, type QueuedRecording } from './queue';

/** What the practice screen needs of a recorder (lib/recorder's Recorder; a fake in tests). */
export interface RecorderLike {
  sid: string | null;
  start(): Promise<void>;
  stop(): Promise<EvaluationResultData>;
  encodedAudio(): string[];
  recording(): Blob | null;
  destroy(): void;
}

/**
 * The browser-facing parts of the child app, injectable so route tests run with a fake
 * recorder, a fake microphone and fake-indexeddb: the queue, the recorder, the re-evaluation of
 * queued audio and the microphone check.
 */
export interface LearnDeps {
  queue: LearnQueue;
  /** `onRefused`: the server refused while the child still reads (混み合っています…); stop() rejects with it. */
  createRecorder(opts: {
    params: EvaluationParams;
    onLevel?(level: number): void;
    onRefused?(): void;
  }): Promise<RecorderLike>;
  evaluateQueued(r: QueuedRecording): Promise<{ sid: string; result: EvaluationResultData }>;
  /** The microphone for the check before the first recording (released by the caller). */
  openMicrophone(): Promise<MediaStream>;
  outbox: Outbox;
}

/** The deps with the outbox that sends the queue through the child's requester. */
export function withOutbox(parts: Omit<LearnDeps, 'outbox'>): LearnDeps {
  return {
    ...parts,
    outbox: createOutbox({
      queue: parts.queue,
      evaluate: async (r) => (await parts.evaluateQueued(r)).sid,
      submit: (target, answers) =>
        target.kind === 'topic'
          ? learnApi.silent.call(submitTopic, { homework_id: target.homework_id, topic_id: target.topic_id, answers })
          : learnApi.silent.call(submitSelfPractice, { resource_id: target.resource_id, answers }),
    }),
  };
}

export function browserDeps(): LearnDeps {
  const queue = openLearnQueue();
  const evaluateQueued: LearnDeps['evaluateQueued'] = async (r) => {
    const { evaluateEncoded } = await import('@ondoku/ui/recorder/replay');
    return evaluateEncoded({
      socketUrl: fetchStudentSocketUrl,
      params: { text: r.text, category: r.category, res_id: r.resId },
      chunks: r.chunks,
    });
  };
  return withOutbox({
    queue,
    async createRecorder({ params, onLevel, onRefused }) {
      const [{ Recorder }, { encoderUrl }] = await Promise.all([
        import('@ondoku/ui/recorder/recorder'),
        import('@ondoku/ui/recorder/encoder-url'),
      ]);
      return new Recorder({ socketUrl: fetchStudentSocketUrl, encoderUrl, params, onLevel, onRefused });
    },
    evaluateQueued,
    // The level meter hears the microphone as the recorder will (no gain control or noise suppression).
    openMicrophone: () => navigator.mediaDevices.getUserMedia(microphoneConstraints),
  });
}

const Ctx = createContext<LearnDeps | null>(null);

export function LearnDepsProvider({ deps, children }: { deps: LearnDeps; children: ReactNode }) {
  return <Ctx.Provider value={deps}>{children}</Ctx.Provider>;
}

export function useLearnDeps(): LearnDeps {
  const deps = useContext(Ctx);
  if (!deps) throw new Error('LearnDepsProvider missing');
  return deps;
}
