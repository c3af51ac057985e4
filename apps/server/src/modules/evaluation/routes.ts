import { EvaluationCode, evaluationMessages, getNewEvaluationService } from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { presentEvaluationService } from './presenter.js';
import { EvaluationSession } from './session.js';
import type { SpeechService } from './speech-service.js';
import type { TicketSigner } from './ticket.js';

export const EVALUATION_SOCKET_PATH = '/api/v2/evaluation/ws';

export interface EvaluationDeps {
  speech: SpeechService;
  tickets: TicketSigner;
  /** Open sessions, so shutdown and tests can see that nothing is left behind. */
  sessions: Set<EvaluationSession>;
}

export function evaluationRoutes(app: FastifyInstance, deps: EvaluationDeps) {
  route(app, getNewEvaluationService, async ({ teacher, request }) => {
    const origin = { secure: request.protocol === 'https', host: request.host };
    return presentEvaluationService(origin, EVALUATION_SOCKET_PATH, deps.tickets.issue(teacher.id));
  });

  app.get(
    EVALUATION_SOCKET_PATH,
    { websocket: true, schema: { hide: true }, config: { access: 'public' } },
    (socket, request) => {
      const io = { send: (m: string) => socket.send(m), close: () => socket.close(1000) };
      const ticket = (request.query as { ticket?: string }).ticket ?? '';
      if (deps.tickets.verify(ticket) === null) {
        io.send(JSON.stringify({ code: EvaluationCode.TICKET_INVALID, message: evaluationMessages.ticketInvalid }));
        io.close();
        return;
      }
      const session = new EvaluationSession(io, deps.speech.startStream, (s) => deps.sessions.delete(s));
      deps.sessions.add(session);
      socket.on('message', (data, isBinary) => {
        if (isBinary)
          session.receive('\u0000'); // not JSON text: answered as a bad frame
        else session.receive(data.toString());
      });
      socket.on('close', () => session.closed());
      socket.on('error', () => session.closed());
    },
  );
}
