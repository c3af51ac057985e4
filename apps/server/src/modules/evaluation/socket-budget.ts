import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { evaluationSockets } from '../../db/schema/index.js';
import type { TicketKind } from './ticket.js';

/**
 * The socket limits per teacher and per child, counted across every server process on the
 * database (docs/deployment.md, "What is shared where"): each open evaluation socket is a row of
 * `evaluation_sockets`, taken under an advisory lock of its reader so two processes admitting the
 * same child at once count each other. A process renews its rows every `heartbeatMs`; the rows of
 * a process that died stop counting once they are `leaseSeconds` old, so its children are not
 * locked out for longer than that.
 */
export interface SocketReader {
  kind: TicketKind;
  id: number;
  /** The teacher the reader belongs to. */
  group: number;
}

export interface SocketBudget {
  /** A place for the reader when fewer than `max` of theirs are open anywhere: its release, or null. */
  admit(reader: SocketReader, max: number): Promise<(() => void) | null>;
  /** Stops renewing and gives back this process's places (shutdown). */
  close(): Promise<void>;
}

export const SOCKET_LEASE_SECONDS = 30;
const HEARTBEAT_MS = 10_000;

export function createSocketBudget(deps: {
  db: DbOrTx;
  onError?: (err: unknown) => void;
  leaseSeconds?: number;
  heartbeatMs?: number;
}): SocketBudget {
  const { db } = deps;
  const lease = deps.leaseSeconds ?? SOCKET_LEASE_SECONDS;
  const processId = randomBytes(8).toString('hex');
  const held = new Set<number>();
  const s = evaluationSockets;
  const report = (err: unknown) => deps.onError?.(err);

  const heartbeat = setInterval(() => {
    const ids = [...held];
    void db
      .execute(
        sql`with renewed as (
              update ${s} set seen_at = now() where ${s.id} = any(${sql.param(ids)}::bigint[]) returning 1
            )
            delete from ${s} where ${s.seenAt} < now() - make_interval(secs => ${lease * 2})`,
      )
      .catch(report);
  }, deps.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  const release = (id: number) => () => {
    if (!held.delete(id)) return;
    void db.execute(sql`delete from ${s} where ${s.id} = ${id}`).catch(report);
  };

  return {
    async admit(reader, max) {
      const id = await db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`ondoku-evaluation-socket:${reader.kind}`}), ${reader.id})`,
        );
        const taken = await tx.execute<{ id: string }>(sql`
          with open as (
            select count(*) as n from ${s}
            where ${s.readerKind} = ${reader.kind} and ${s.readerId} = ${reader.id}
              and ${s.seenAt} >= now() - make_interval(secs => ${lease})
          )
          insert into ${s} (reader_kind, reader_id, teacher_id, process_id)
          select ${reader.kind}, ${reader.id}, ${reader.group}, ${processId} from open where n < ${max}
          returning id`);
        return taken.rows[0] ? Number(taken.rows[0].id) : null;
      });
      if (id === null) return null;
      held.add(id);
      return release(id);
    },
    async close() {
      clearInterval(heartbeat);
      held.clear();
      await db.execute(sql`delete from ${s} where ${s.processId} = ${processId}`).catch(report);
    },
  };
}
