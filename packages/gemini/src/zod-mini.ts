import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/** zod's lean build with its English messages (the full build loads them itself; this one does not). */
z.config(en());

export * from 'zod/mini';
