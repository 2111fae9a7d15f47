/**
 * Zod compiles fast object parsers with `new Function`, and probes for it with a caught
 * `new Function("")` as soon as the first object schema is created. The shop's Content-Security-Policy
 * allows no 'unsafe-eval', so in the browser that probe is refused and reported as a CSP violation on
 * every page with a form. Jitless parsing needs no eval and is quick enough for forms.
 *
 * NOTE: zod keeps its configuration on globalThis.__zod_globalConfig and takes an existing one as
 * it is (`z.config` writes the same object). Setting it here, without importing zod, keeps zod out
 * of the entry chunk; it must run before any schema is created, so main.tsx imports this first.
 * e2e/security.spec.ts fails on any CSP violation if zod ever stops reading it.
 */
const scope = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
