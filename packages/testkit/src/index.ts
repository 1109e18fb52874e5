export * from './recordings.js';
export * from './loopback-upstream.js';
