import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/*
 * zod's lean build (`zod/mini`) has no messages until told which language to speak (the full
 * build loads English itself). Every schema module imports this one for that effect, and
 * package.json lists it under `sideEffects` so bundlers keep it.
 */
z.config(en());
