import { FIELD_DESCRIPTION, FIELD_ERROR } from "../styles";

// A field's message on a page served without React, in FormField's markup: the wrapper
// [data-field] names the message's id (data-error-id), the control points at it with
// aria-describedby and says it is invalid, and a description gives way to the error.

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const wrapperOf = (control: Control) => control.closest<HTMLElement>("[data-field]");

export function showFieldError(control: Control, message: string) {
  const wrapper = wrapperOf(control);
  const id = wrapper?.dataset.errorId;
  if (!wrapper || !id) return;
  let error = document.getElementById(id);
  if (!error) {
    error = document.createElement("p");
    error.id = id;
    error.className = FIELD_ERROR;
    wrapper.insertBefore(error, wrapper.querySelector("[data-field-description]"));
  }
  error.textContent = message;
  const description = wrapper.querySelector<HTMLElement>("[data-field-description]");
  if (description) description.hidden = true;
  control.setAttribute("aria-invalid", "true");
  control.setAttribute("aria-describedby", id);
}

export function clearFieldError(control: Control) {
  const wrapper = wrapperOf(control);
  const id = wrapper?.dataset.errorId;
  if (!wrapper || !id) return;
  document.getElementById(id)?.remove();
  const description = wrapper.querySelector<HTMLElement>("[data-field-description]");
  if (description) description.hidden = false;
  control.removeAttribute("aria-invalid");
  control.removeAttribute("aria-describedby");
}

/** Sets or removes the hint under a control (shown while it has no error). */
export function setFieldDescription(control: Control, text: string | undefined) {
  const wrapper = wrapperOf(control);
  if (!wrapper) return;
  let description = wrapper.querySelector<HTMLElement>("[data-field-description]");
  if (!text) {
    description?.remove();
    return;
  }
  if (!description) {
    description = document.createElement("p");
    description.dataset.fieldDescription = "";
    description.className = FIELD_DESCRIPTION;
    description.hidden = control.getAttribute("aria-invalid") === "true";
    wrapper.append(description);
  }
  description.textContent = text;
}
