// Which generation of what visitors see is current. Every domain whose writes change a public
// page (content, settings, registrations, the waitlist, editions) bumps it; the public content's
// cache (content/public-content.server.ts) is valid only for the generation it was read in. A kit
// below the domains, so that a domain says "visitors' pages changed" without importing content.

let generation = 0;

/** Call after any write that changes what visitors see (content, settings, registrations). */
export function invalidatePublicContent(): void {
  generation++;
}

/** The current generation: a cached copy read in another one is stale. */
export function publicContentGeneration(): number {
  return generation;
}
