import type { DbOrTx } from '../db/client.js';

/**
 * How one module tells another that something happened, without importing it
 * (docs/architecture.md, "Floors of the server"): a small typed event on the floor. The module
 * that knows emits it; the module that cares listens; app.ts (or the seed) wires the two. Every
 * listener receives the emitter's transaction and runs inside it, before `emit` returns, in the
 * order they were added: what a listener writes commits or rolls back with what the emitter wrote,
 * and a listener's error fails the emitter's work.
 */
export type TxListener<E> = (tx: DbOrTx, event: E) => Promise<void>;

export class TxEvent<E> {
  readonly #listeners: TxListener<E>[] = [];

  /** Listen; the returned function stops listening. */
  on(listener: TxListener<E>): () => void {
    this.#listeners.push(listener);
    return () => {
      const i = this.#listeners.indexOf(listener);
      if (i >= 0) this.#listeners.splice(i, 1);
    };
  }

  /** Run every listener with `tx`, one after the other. */
  async emit(tx: DbOrTx, event: E): Promise<void> {
    for (const listener of this.#listeners) await listener(tx, event);
  }
}

/** A student's homework became done for the first time (modules/learn emits; modules/notices listens). */
export interface HomeworkSubmitted {
  homeworkId: number;
  studentId: number;
  at: Date;
}

/** The server's events, one set per app (app.ts). */
export interface ServerEvents {
  homeworkSubmitted: TxEvent<HomeworkSubmitted>;
}

export const createServerEvents = (): ServerEvents => ({ homeworkSubmitted: new TxEvent() });
