import { SOLVER_GLOBAL, type Solver } from "./proof-of-work-loader";
import { proofReady, solveChallenges } from "./proof-of-work-solver";

// The proof-of-work solver as a script of its own (altcha-lib's PBKDF2 solver: most of what
// /register's script weighed). /register's script loads it only when the page carries a challenge,
// during a booking attack (proof-of-work-loader.ts); every other visit never downloads it.
// It hands its two functions over on `window` and starts on the page's challenges at once.

const solver: Solver = { solveChallenges, proofReady };
(window as unknown as Record<string, Solver>)[SOLVER_GLOBAL] = solver;
solveChallenges(document);
