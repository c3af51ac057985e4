/** What other modules (and the CLI) may use of the teacher's messages (docs/messages.md). */
export { setAllowSendMessage } from './repository.js';
