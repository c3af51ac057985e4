import { getStudentEvaluationService } from '@ondoku/contract';
import { createRequester } from '@ondoku/ui/request';
import { navigate } from './router';
import { learnSession } from './session';
import { learnUi } from './ui';

/**
 * The children's requester: the shared request layer (@ondoku/ui/request: the same timeout,
 * retry, toast and alert rules as the teacher app, docs/learn-web.md, "Requests and session")
 * with the student's token. No teacher_id/flag; a 401 signs the student out to the sign-in screen.
 */
export const learnApi = createRequester({
  ui: learnUi,
  // Looked up at each call, so a route test can stand a fake server in for fetch.
  fetch: (input, init) => globalThis.fetch(input, init),
  session: {
    token: learnSession.token,
    onUnauthorized() {
      learnSession.clear();
      navigate('/signin', { replace: true });
    },
  },
});

/** A fresh socket URL with the child's ticket, asked without dialogs (the practice screen says what failed). */
export const fetchStudentSocketUrl = async () =>
  (await learnApi.silent.call(getStudentEvaluationService, {})).evaluation_server_url;
