import { translateMessage } from "~/i18n/message-key";
import { readPageMessages } from "~/i18n/page-messages-reader";
import { proofReadyOnPage, solveChallengesOnPage } from "~/modules/booking-protection/proof-of-work-loader";
import { EMAIL_CHOICE, suggestEmail } from "~/modules/person/email-suggestion";
import { joinFieldErrors, REGISTRATION_FIELDS, validateRegistration } from "~/modules/person/fields";
import { fillLgaPicker, lgaTexts } from "~/modules/person/lga-picker";
import { sendFormsInPlace } from "~/ui/enhance/document-forms";
import { clearFieldError, setFieldDescription, showFieldError } from "~/ui/enhance/field-errors";
import { listenToModals, upgradeModals } from "~/ui/enhance/modal";
import { showToast, upgradeToasts } from "~/ui/enhance/toasts";
import { REGISTER_MESSAGES_ID } from "./script-messages";

// /register is served without React (routes/register.tsx): this script, bundled on its own
// (about 11 KB gzipped against ~110 KB of React and React Router), gives the
// server-rendered page what the React version does in the browser:
// - the registration (or waitlist) form is checked with the same zod schema before it is
//   sent, the messages shown under each field and joined in one toast; a field's message
//   clears as soon as it is edited;
// - an address at a mistyped provider is questioned in place ("Did you mean …?"), with the
//   box the server renders hidden for it (email-question.tsx); the answers post as without it;
// - choosing a state limits the Local Government list to that state;
// - forms post in place (ui/enhance/document-forms.ts): the button says it is working,
//   a 503 keeps the page as typed;
// - the ticket modal closes in place, toasts dismiss themselves;
// - during a booking attack, the proof-of-work challenge is solved while the person types.
// Everything also works without it: the same forms post and the server answers the page.

const REGISTRATION_FORM = 'form[data-validate="registration"]';

// The page's language and its messages, written into the page by the server (routes/register.tsx).
const t = readPageMessages(REGISTER_MESSAGES_ID);
const translate = (message: string) => translateMessage(t, message);

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function controlOf(form: HTMLFormElement, name: string): Control | null {
  const control = form.elements.namedItem(name);
  return control instanceof HTMLInputElement || control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement
    ? control
    : null;
}

/** True when the form may be sent; otherwise its messages are shown. */
function validate(form: HTMLFormElement, submitter: HTMLButtonElement | null): boolean {
  // "Send my ticket again" (formnovalidate) sends the e-mail address alone, whatever the rest says.
  if (!form.matches(REGISTRATION_FORM) || submitter?.formNoValidate) return true;
  const verdict = validateRegistration(Object.fromEntries(new FormData(form)));
  const controls = REGISTRATION_FIELDS.map((name) => [name, controlOf(form, name)] as const);
  for (const [, control] of controls) if (control) clearFieldError(control);
  if ("value" in verdict) return emailSettled(form, submitter) && proofReadyOnPage(form);
  let first: Control | undefined;
  for (const [name, control] of controls) {
    const message = verdict.error[name]?.[0];
    if (!control || !message) continue;
    showFieldError(control, translate(message));
    first ??= control;
  }
  showToast("error", joinFieldErrors(verdict.error, translate));
  first?.focus();
  return false;
}

/**
 * "Did you mean …?" before the form goes: true when the address needs no question or the person
 * answered it ("Use this" puts the suggestion in the field first); otherwise the question shows.
 */
function emailSettled(form: HTMLFormElement, submitter: HTMLButtonElement | null): boolean {
  const email = controlOf(form, "email");
  const suggestion = email ? suggestEmail(email.value) : null;
  if (submitter?.name === EMAIL_CHOICE.name) {
    if (email && suggestion && submitter.value === EMAIL_CHOICE.use) email.value = suggestion;
    return true;
  }
  const box = form.querySelector<HTMLElement>("[data-email-question]");
  // A later question's answer (the phone's) carries the address as settled, hidden.
  const settled = form.querySelector(`input[type="hidden"][name="${EMAIL_CHOICE.name}"]`);
  if (!suggestion || !box || settled) return true;
  const slot = box.querySelector("[data-suggestion]");
  if (slot) slot.textContent = suggestion;
  box.hidden = false;
  box.querySelector("button")?.focus();
  return false;
}

/** The Local Government list follows the chosen state; a choice from another state is cleared. */
function followState(form: HTMLFormElement) {
  const state = controlOf(form, "state");
  const lga = controlOf(form, "localGovernment");
  if (!(lga instanceof HTMLSelectElement) || !state) return;
  const texts = lgaTexts(t);
  fillLgaPicker(lga, state.value, texts);
  lga.value = "";
  setFieldDescription(lga, state.value ? undefined : texts.groupedHint);
}

/** What the page needs after its body arrived, on load and after each answered post. */
function upgrade() {
  solveChallengesOnPage(document);
  upgradeToasts(document);
  upgradeModals(document);
  // A browser restoring the form (back button) may bring back a state with every state's LGAs listed.
  for (const form of document.querySelectorAll<HTMLFormElement>(REGISTRATION_FORM)) {
    const lga = controlOf(form, "localGovernment");
    if (controlOf(form, "state")?.value && lga?.querySelector("optgroup")) followState(form);
  }
  // The answer's question, else its first invalid field, is where the person goes on.
  const next = document.querySelector<HTMLElement>('[data-question]:not([hidden]) button, [aria-invalid="true"]');
  if (!document.querySelector("[data-modal]")) next?.focus();
}

document.addEventListener("input", (event) => {
  const control = event.target as Control;
  const form = control.form;
  if (!form?.matches(REGISTRATION_FORM) || !(REGISTRATION_FIELDS as readonly string[]).includes(control.name)) return;
  clearFieldError(control);
  if (control.name === "state") followState(form);
  // An address being edited is asked about again, if at all, when the form is sent.
  if (control.name === "email") form.querySelector<HTMLElement>("[data-email-question]")?.setAttribute("hidden", "");
});
listenToModals();
solveChallengesOnPage(document);
sendFormsInPlace({
  validate,
  afterSwap: upgrade,
  messages: { network: t("errors.network"), unavailable: t("errors.unavailableText") },
});
upgrade();
// Tests (tests/support/hydration.ts) and styles can tell the page is ready.
document.documentElement.dataset.enhanced = "true";
