/** What other modules may use of media: storing a file with its media_files row, and the URL of a key. */
export { storeMedia, mediaUrl } from './service.js';
/** The one `Range: bytes=` parser (GET /media and the evaluation module's recordings). */
export { parseRange } from './range.js';
