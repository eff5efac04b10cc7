// Zod 4 compiles its object parsers with `new Function` unless told not to, and probes for it
// on the first parse. The club's Content-Security-Policy allows no eval (`script-src 'self'`,
// src/server/http/security-headers.ts), so the probe was refused and reported as a violation
// on most pages (issue 23) even though Zod then parsed without it. `jitless` skips the probe
// and the compiler; the forms' schemas are small, so the compiled parsers saved nothing a
// member could notice. Zod reads its settings from this global when it first loads, so this
// module is main.tsx's first import and does not itself load Zod (the puzzle page's first
// paint stays free of it, tests/unit/first-paint-chunks.test.ts).

declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
