import { unavailableMessage } from "../unavailable-message";
import { showToast } from "./toasts";

// Forms on a page served without React. Without JavaScript they post and the server answers
// with the whole page. With it, this sends the same post with fetch and puts the answered
// page in place of the current one: the same HTML, the same server code, but the button says
// it is working, a second click sends nothing, and a 503 (a busy server, or one without its
// database) leaves the page and everything typed in it as it is, with the server's sentence
// as a toast, ready to send again.

type Options = {
  /** Checks a form before it is sent (the button pressed, if any); false keeps it from being sent. */
  validate: (form: HTMLFormElement, submitter: HTMLButtonElement | null) => boolean;
  /** Runs after an answered page has replaced the current one. */
  afterSwap: () => void;
  /** What the toast says, in the page's language, when the site could not be reached or answered without its own sentence. */
  messages: { network: string; unavailable: string };
};

export function sendFormsInPlace({ validate, afterSwap, messages }: Options) {
  let sending = false;
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== "post") return;
    event.preventDefault();
    const submitter = event.submitter instanceof HTMLButtonElement ? event.submitter : null;
    if (sending || !validate(form, submitter)) return;
    const button = submitButton(form, submitter);
    const body = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string") body.append(name, value);
    // The pressed button's own name and value, as a plain post sends them (FormData(form) leaves them out).
    if (submitter?.name) body.append(submitter.name, submitter.value);
    sending = true;
    setBusy(button, true);
    void send(form.action, body, messages)
      .then((answer) => {
        if (answer.kind === "page") {
          swapPage(answer.html);
          afterSwap();
        } else if (answer.kind === "refused") showToast("error", answer.message);
      })
      .finally(() => {
        sending = false;
        setBusy(button, false);
      });
  });
}

type Answer = { kind: "page"; html: string } | { kind: "refused"; message: string } | { kind: "left" };

async function send(action: string, body: URLSearchParams, messages: Options["messages"]): Promise<Answer> {
  try {
    const response = await fetch(action, { method: "POST", body, credentials: "same-origin" });
    // A 503 comes as one line of text to a client that did not ask for HTML.
    if (response.status === 503) return { kind: "refused", message: unavailableMessage(await response.text(), messages.unavailable) };
    if (response.redirected) {
      window.location.assign(response.url);
      return { kind: "left" };
    }
    return { kind: "page", html: await response.text() };
  } catch {
    return { kind: "refused", message: messages.network };
  }
}

/** The answered page's body in place of this one's: scripts in it do not run, this one stays. */
function swapPage(html: string) {
  const next = new DOMParser().parseFromString(html, "text/html");
  document.title = next.title;
  document.body.replaceWith(document.adoptNode(next.body));
}

function submitButton(form: HTMLFormElement, submitter: HTMLButtonElement | null): HTMLButtonElement | null {
  return submitter ?? form.querySelector<HTMLButtonElement>('button[type="submit"]');
}

/** The button's working label (data-busy-label) and disabled state while the post is out. */
function setBusy(button: HTMLButtonElement | null, busy: boolean) {
  if (!button?.isConnected) return;
  const label = button.dataset.busyLabel;
  if (busy) {
    button.dataset.idleLabel = button.textContent ?? "";
    if (label) button.textContent = label;
  } else if (button.dataset.idleLabel !== undefined) {
    button.textContent = button.dataset.idleLabel;
  }
  button.disabled = busy;
}
