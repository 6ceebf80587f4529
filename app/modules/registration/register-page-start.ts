// /register's first script: a few hundred bytes that load the page's script
// (register-page-script.ts: the form's checks, the e-mail suggestion, the LGA list, the post in
// place) when the person first touches the page, not while it opens. On a low-end phone the
// page then shows and settles without that script's work on its main thread, and a visitor who
// only reads never downloads it. The route names the page's script on this one (data-rest).
//
// A page that is not a fresh form (an answer's dialog or toast, a field marked wrong, a question,
// a proof-of-work challenge to solve while the person types) loads it at once. A form sent
// before it arrived waits for it and then goes through it; should it not load, the form goes as
// it would without JavaScript, and the server answers.

const rest = (document.currentScript as HTMLScriptElement | null)?.dataset.rest ?? "";
const WAKE = ["focusin", "pointerdown", "keydown", "input"] as const;
const AT_ONCE = '[data-modal], [data-toast-type], [aria-invalid="true"], [data-question]:not([hidden]), [data-challenge]';

let loading: Promise<void> | undefined;
let plain = false;

function load(): Promise<void> {
  for (const type of WAKE) document.removeEventListener(type, wake, true);
  loading ??= new Promise<void>((resolve) => {
    const script = document.createElement("script");
    script.src = rest;
    script.onload = () => resolve();
    script.onerror = () => resolve();
    document.head.append(script);
  });
  return loading;
}

function wake() {
  void load();
}

const enhanced = () => document.documentElement.dataset.enhanced === "true";

document.addEventListener(
  "submit",
  (event) => {
    if (enhanced() || plain || !(event.target instanceof HTMLFormElement)) return;
    const form = event.target;
    const submitter = event.submitter instanceof HTMLElement ? event.submitter : null;
    event.preventDefault();
    event.stopImmediatePropagation();
    void load().then(() => {
      // Without its script (it did not load) the form goes as a plain post.
      plain = !enhanced();
      form.requestSubmit(submitter);
      plain = false;
    });
  },
  true,
);

if (rest && document.querySelector(AT_ONCE)) void load();
else if (rest) for (const type of WAKE) document.addEventListener(type, wake, { capture: true, passive: true });
