import { EvaluationCode, evaluationLimits, evaluationMessages, getNewEvaluationService } from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { presentEvaluationService } from './presenter.js';
import { EvaluationSession } from './session.js';
import type { SpeechService } from './speech-service.js';
import type { TicketSigner } from './ticket.js';
import { useTicket } from './ticket-repository.js';

export const EVALUATION_SOCKET_PATH = '/api/v2/evaluation/ws';
/**
 * Text kept while the ticket is checked (the database answers in milliseconds): room for the
 * longest reading (300 s of base64 PCM is about 12.8 MB) sent at once, no more.
 */
const MAX_EARLY_CHARS = 16 * 1024 * 1024;

export interface EvaluationDeps {
  db: DbOrTx;
  speech: SpeechService;
  tickets: TicketSigner;
  /** Open sessions, so shutdown and tests can see that nothing is left behind. */
  sessions: Set<EvaluationSession>;
}

export function evaluationRoutes(app: FastifyInstance, deps: EvaluationDeps) {
  route(app, getNewEvaluationService, async ({ teacher, request }) => {
    const origin = { secure: request.protocol === 'https', host: request.host };
    return presentEvaluationService(origin, EVALUATION_SOCKET_PATH, deps.tickets.issue(teacher));
  });

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

      const claim = deps.tickets.verify((request.query as { ticket?: string }).ticket ?? '');
      if (claim === null) return refuse(EvaluationCode.TICKET_INVALID, evaluationMessages.ticketInvalid);
      void useTicket(deps.db, claim).then(
        (valid) => {
          if (gone) return;
          if (!valid) return refuse(EvaluationCode.TICKET_INVALID, evaluationMessages.ticketInvalid);
          // Counted in this process's set: behind a load balancer each process allows this many.
          let open = 0;
          for (const s of deps.sessions) if (s.teacherId === claim.teacherId) open++;
          if (open >= evaluationLimits.maxSocketsPerTeacher) {
            return refuse(EvaluationCode.TOO_MANY_SOCKETS, evaluationMessages.tooManySockets);
          }
          const started = new EvaluationSession(
            io,
            deps.speech.startStream,
            (s) => deps.sessions.delete(s),
            claim.teacherId,
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
}
