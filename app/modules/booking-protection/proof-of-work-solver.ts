import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";
import { PROOF_FIELD } from "./proof-of-work";

// The browser's half of the proof-of-work challenge (proof-of-work.server.ts): solved in the
// background as soon as the page shows one, while the person is still typing, so that on a
// phone the wait is hidden behind the form. Without Web Crypto (a plain-http address other
// than localhost) it gives up quietly: the registration is then confirmed by e-mail instead.

const solving = new WeakMap<HTMLInputElement, Promise<void>>();
// Fields whose solving ended without a solution: their form goes without one.
const gaveUp = new WeakSet<HTMLInputElement>();

function fieldOf(form: HTMLFormElement): HTMLInputElement | null {
  const field = form.elements.namedItem(PROOF_FIELD);
  return field instanceof HTMLInputElement && field.dataset.challenge ? field : null;
}

function solve(field: HTMLInputElement): Promise<void> {
  let pending = solving.get(field);
  if (!pending) {
    pending = (async () => {
      try {
        const challenge = JSON.parse(field.dataset.challenge ?? "");
        const solution = await solveChallenge({ challenge, deriveKey, timeout: 20_000 });
        if (solution) field.value = JSON.stringify({ challenge, solution });
        else gaveUp.add(field);
      } catch {
        // No Web Crypto, or a challenge it cannot read: the server holds the registration instead.
        gaveUp.add(field);
      }
    })();
    solving.set(field, pending);
  }
  return pending;
}

/** Starts solving every challenge on the page. */
export function solveChallenges(root: ParentNode) {
  for (const form of root.querySelectorAll("form")) {
    const field = fieldOf(form);
    if (field && !field.value) void solve(field);
  }
}

/**
 * True when the form may go now; otherwise it is sent again by itself once its challenge is
 * solved (at most the challenge's timeout later).
 */
export function proofReady(form: HTMLFormElement): boolean {
  const field = fieldOf(form);
  if (!field || field.value || gaveUp.has(field)) return true;
  // The person pressed the button: show it working while the solving ends, then send.
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const idle = button?.textContent ?? "";
  if (button) {
    if (button.dataset.busyLabel) button.textContent = button.dataset.busyLabel;
    button.disabled = true;
  }
  void solve(field).then(() => {
    if (button) {
      button.textContent = idle;
      button.disabled = false;
    }
    form.requestSubmit();
  });
  return false;
}
