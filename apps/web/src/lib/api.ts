import { createRequester } from './request';
import { notify } from './notify';
import { sessionStore } from './session';

/** The app's one requester: the spec's rules wired to the antd notifier and the session store. */
export const api = createRequester({
  ui: notify,
  // Looked up at each call, so a route test can stand a fake server in for fetch.
  fetch: (input, init) => globalThis.fetch(input, init),
  session: {
    token: sessionStore.token,
    teacherId: () => sessionStore.get()?.user.id ?? null,
    onUnauthorized() {
      sessionStore.clear();
      if (!window.location.hash.startsWith('#/login')) window.location.hash = '#/login';
    },
  },
});
