import { EvaluationCode, evaluationLimits, evaluationMessages, getNewEvaluationService } from '@ondoku/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { route } from '../../lib/route.js';
import { contentTypeOfKey, isStorageKey, type Storage } from '../../lib/storage.js';
import { parseRange } from '../media/index.js';
import { EVALUATION_SOCKET_PATH, RECORDING_PREFIX, type EvaluationLinks } from './links.js';
import { SpeechBusyError } from '@ondoku/speech';
import { fairShareVictim } from './fair-share.js';
import { EvaluationSession, type StartStream, type StoreEvaluation } from './session.js';
import type { SpeechService } from './speech-service.js';
import { createSocketBudget } from './socket-budget.js';
import { storeEvaluation } from './store.js';
import { createReplayChecks } from './replay-check.js';
import type { TicketKind } from './ticket.js';
import { isLiveTeacherSession, useTicket } from './ticket-repository.js';

export { EVALUATION_SOCKET_PATH };
/**
 * Text kept while the ticket is checked (the database answers in milliseconds): room for the
 * longest reading (300 s of base64 PCM is about 12.8 MB) sent at once, no more.
 */
const MAX_EARLY_CHARS = 16 * 1024 * 1024;

const maxSockets: Record<TicketKind, number> = {
  teacher: evaluationLimits.maxSocketsPerTeacher,
  student: evaluationLimits.maxSocketsPerStudent,
};

export interface EvaluationDeps {
  db: DbOrTx;
  speech: SpeechService;
  links: EvaluationLinks;
  /** Where recordings are kept (lib/storage.ts). */
  storage: Storage;
  clock: Clock;
  /** Open sessions, so shutdown and tests can see that nothing is left behind. */
  sessions: Set<EvaluationSession>;
}

export function evaluationRoutes(app: FastifyInstance, deps: EvaluationDeps) {
  route(app, getNewEvaluationService, async ({ teacher, request }) => {
    const origin = { secure: request.protocol === 'https', host: request.host };
    return deps.links.serviceUrl(origin, { kind: 'teacher', id: teacher.id, tokenId: teacher.tokenId });
  });

  /**
   * A finished evaluation is stored before its reply: the recording through the storage (a
   * recording that cannot be written is logged and the result kept without it), then the row;
   * a failed insert rejects, and the session answers 50001.
   */
  const store: StoreEvaluation = (finished) =>
    storeEvaluation(
      {
        db: deps.db,
        storage: deps.storage,
        onRecordingError: (err, sid) => app.log.error({ err, sid }, 'evaluation recording could not be stored'),
      },
      finished,
      deps.clock.now(),
    );

  // Children's readings against their text's model audio (replay-check.ts); one cache per process.
  const replayCheck = createReplayChecks({ db: deps.db, storage: deps.storage });
  const budget = createSocketBudget({
    db: deps.db,
    onError: (err) => app.log.warn({ err }, 'evaluation socket budget could not be written'),
  });
  app.addHook('onClose', () => budget.close());

  app.get(
    EVALUATION_SOCKET_PATH,
    { websocket: true, schema: { hide: true }, config: { access: 'public' } },
    (socket, request) => {
      const io = { send: (m: string) => socket.send(m), close: () => socket.close(1000) };
      const refuse = (code: number, message: string) => {
        io.send(JSON.stringify({ code, message }));
        io.close();
      };
      // Listeners are attached at once; frames that arrive while the ticket is checked wait.
      let session: EvaluationSession | null = null;
      let gone = false;
      const early: string[] = [];
      let earlyChars = 0;
      socket.on('message', (data, isBinary) => {
        const text = isBinary ? '\u0000' : data.toString(); // binary: answered as a bad frame
        if (session) session.receive(text);
        else if ((earlyChars += text.length) <= MAX_EARLY_CHARS) early.push(text);
        else if (!gone) {
          // A client that floods frames before its ticket is checked is not buffered further.
          gone = true;
          refuse(EvaluationCode.BAD_FRAME, evaluationMessages.badFrame);
        }
      });
      const leave = () => {
        gone = true;
        session?.closed();
      };
      socket.on('close', leave);
      socket.on('error', leave);

      const claim = deps.links.tickets.verify((request.query as { ticket?: string }).ticket ?? '');
      if (claim === null) return refuse(EvaluationCode.TICKET_INVALID, evaluationMessages.ticketInvalid);
      // The ticket is used, then a place taken in the reader's socket budget, counted on every
      // server process (socket-budget.ts).
      const admitted = useTicket(deps.db, claim).then(async (group) =>
        group === null || gone
          ? { group, release: null }
          : { group, release: await budget.admit({ ...claim, group }, maxSockets[claim.kind]) },
      );
      void admitted.then(
        ({ group, release }) => {
          if (gone) return release?.();
          if (group === null) return refuse(EvaluationCode.TICKET_INVALID, evaluationMessages.ticketInvalid);
          if (!release) return refuse(EvaluationCode.TOO_MANY_SOCKETS, evaluationMessages.tooManySockets);
          // Past capacity, a reader whose group holds fewer streams takes the place of the
          // newest stream of the group holding most (docs/speech-service.md, "A fair share").
          const fairStart: StartStream = (text, category, options) => {
            try {
              return deps.speech.startStream(text, category, options);
            } catch (e) {
              const victim = e instanceof SpeechBusyError ? fairShareVictim(deps.sessions, group) : null;
              if (!victim) throw e;
              victim.preempt();
              return deps.speech.startStream(text, category, options);
            }
          };
          const started = new EvaluationSession(
            io,
            fairStart,
            (s) => {
              deps.sessions.delete(s);
              release();
            },
            { owner: { kind: claim.kind, id: claim.id, group }, store, replayCheck },
          );
          deps.sessions.add(started);
          session = started;
          for (const text of early.splice(0)) started.receive(text);
        },
        (err: unknown) => {
          request.log.error({ err }, 'evaluation ticket check failed');
          if (!gone) refuse(EvaluationCode.EVALUATION_FAILED, evaluationMessages.evaluationFailed);
        },
      );
    },
  );

  /**
   * GET/HEAD /api/v2/recording/:key?exp=…&tid=…&sig=… — a child's recording, through a URL that
   * recordingUrl() signed for a teacher's session (after checking access): 403 when the signature
   * is wrong, it expired, or that session ended (signed out, expired); ranges like /media (a seek
   * bar needs them), `Cache-Control: private` until expiry (docs/security.md, "Recordings").
   */
  app.route<{ Params: { key: string }; Querystring: { exp?: string; tid?: string; sig?: string } }>({
    method: ['GET', 'HEAD'],
    url: `${RECORDING_PREFIX}:key`,
    compress: false,
    schema: { hide: true },
    config: { access: 'public' },
    handler: async (request, reply) => {
      const { key } = request.params;
      const { exp = '', tid = '', sig = '' } = request.query;
      const now = Date.now();
      const tokenId =
        typeof exp === 'string' && typeof tid === 'string' && typeof sig === 'string'
          ? deps.links.verifyRecording(key, exp, tid, sig, now)
          : null;
      if (tokenId === null || !(await isLiveTeacherSession(deps.db, tokenId))) return plain(reply, 403, 'Forbidden');
      const stat = isStorageKey(key) ? await deps.storage.stat(key) : null;
      if (!stat) return plain(reply, 404, 'Not Found');
      const size = stat.size;
      const maxAge = Math.max(0, Number(exp) - Math.ceil(now / 1000));
      reply
        .header('content-type', contentTypeOfKey(key) ?? 'application/octet-stream')
        .header('accept-ranges', 'bytes')
        .header('cache-control', `private, max-age=${maxAge}`)
        .header('content-security-policy', "default-src 'none'; sandbox");
      const range = request.headers.range ? parseRange(request.headers.range, size) : undefined;
      if (range === 'invalid') return reply.code(416).header('content-range', `bytes */${size}`).send();
      const head = request.method === 'HEAD';
      if (range) {
        reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', range.end - range.start + 1);
        return head ? reply.send() : reply.send(deps.storage.read(key, range));
      }
      reply.code(200).header('content-length', size);
      if (head || size === 0) return reply.send();
      return reply.send(deps.storage.read(key));
    },
  });
}

function plain(reply: FastifyReply, code: number, text: string) {
  return reply.code(code).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(text);
}
