export { default } from '../../tsup.library.js';
