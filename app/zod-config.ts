import * as z from "zod/mini";

// Zod compiles object parsers with `new Function` when it can, and finds out whether it can
// by trying. Our Content-Security-Policy forbids eval, so each page that checks a form would
// make the browser report a violation. Parsing without it is fast enough for our forms.
// Imported first by root.tsx, so it runs before any schema is built (the flag is read then).
z.config({ jitless: true });
