/** What other modules may use of media: storing a file with its media_files row, and the URL of a key. */
export { storeMedia, mediaUrl } from './service.js';
