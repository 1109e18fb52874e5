/** The route headers for the callers outside the generation way; they are made at the commit point (`commit-stream`). */
export { outcomeHeaders } from './commit-stream.js';
