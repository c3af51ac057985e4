export { limits, messages } from '@ondoku/contract';

/** Sent with sign-in so the server can tell which client a session belongs to. */
export const APP_NAME = 'ondoku-teacher';
export const CLIENT_NAME = 'web';
