import { getStudentEvaluationService } from '@ondoku/contract';
import { createRequester } from '../lib/request';
import { navigate } from './router';
import { learnSession } from './session';
import { learnUi } from './ui';

/**
 * The child app's requester: the teacher app's request layer (same timeout, retry, toast and
 * alert rules of spec §8) with the child's token. No teacher_id/flag; a 401 signs the child out
 * to the sign-in screen.
 */
export const learnApi = createRequester({
  ui: learnUi,
  // Looked up at each call, so a route test can stand a fake server in for fetch.
  fetch: (input, init) => globalThis.fetch(input, init),
  session: {
    token: learnSession.token,
    teacherId: () => null,
    onUnauthorized() {
      learnSession.clear();
      navigate('/signin', { replace: true });
    },
  },
});

/** A fresh socket URL with the child's ticket, asked without dialogs (the practice screen says what failed). */
export const fetchStudentSocketUrl = async () =>
  (await learnApi.silent.call(getStudentEvaluationService, {})).evaluation_server_url;
