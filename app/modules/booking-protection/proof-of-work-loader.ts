import { PROOF_FIELD } from "./proof-of-work";

// /register's script asks for the proof-of-work solver (proof-of-work-script.ts) only when the
// page shows a challenge: its field carries the challenge and the solver's address
// (registration-form.tsx). A first visit outside a booking attack loads none of it, which keeps
// the page's script small and its main thread free on a low-end phone.

export const SOLVER_GLOBAL = "summitProofOfWork";
/** The attribute of the challenge's field naming the solver's script. */
const SOLVER_ATTRIBUTE = "data-solver";

export type Solver = { solveChallenges: (root: ParentNode) => void; proofReady: (form: HTMLFormElement) => boolean };

let loading: Promise<Solver | null> | undefined;

function loaded(): Solver | undefined {
  return (window as unknown as Record<string, Solver | undefined>)[SOLVER_GLOBAL];
}

function challengeField(root: ParentNode): HTMLInputElement | null {
  return root.querySelector<HTMLInputElement>(`input[name="${PROOF_FIELD}"][data-challenge][${SOLVER_ATTRIBUTE}]`);
}

/** The solver, its script added to the page the first time (a failed load is tried again next time). */
function loadSolver(src: string): Promise<Solver | null> {
  const ready = loaded();
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise((resolve) => {
    const script = document.createElement("script");
    script.src = src;
    script.onload = () => resolve(loaded() ?? null);
    script.onerror = () => {
      loading = undefined;
      resolve(null);
    };
    document.head.append(script);
  });
  return loading;
}

/** Starts solving the page's challenge, if it shows one (the solver's script starts it as it loads). */
export function solveChallengesOnPage(root: ParentNode): void {
  const field = challengeField(root);
  if (!field?.getAttribute(SOLVER_ATTRIBUTE)) return;
  const solver = loaded();
  if (solver) solver.solveChallenges(root);
  else void loadSolver(field.getAttribute(SOLVER_ATTRIBUTE) ?? "");
}

/**
 * True when the form may go now (no challenge, or solved, or given up on); otherwise it is sent
 * again by itself once the challenge is solved. Without its solver (the script would not load)
 * the form goes without a solution: the server then holds the registration until it is confirmed by e-mail.
 */
export function proofReadyOnPage(form: HTMLFormElement): boolean {
  const field = challengeField(form);
  if (!field || field.value) return true;
  const solver = loaded();
  if (solver) return solver.proofReady(form);
  void loadSolver(field.getAttribute(SOLVER_ATTRIBUTE) ?? "").then((found) => {
    if (!found || found.proofReady(form)) form.requestSubmit();
  });
  return false;
}
