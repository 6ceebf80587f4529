import { escapeHtml } from "~/ui/escape-html";

// Mail merge for rendered e-mails: render a layout once with marks where each recipient's
// values go, then fill the marks per recipient. Rendering the React template is most of an
// e-mail's CPU; a reminder batch of ten thousand renders it once per layout instead.
//
// Marks are characters of Unicode's private use area, which React passes through
// unescaped. A `whole` mark is one character standing for a whole value; a `sized` mark
// has the value's length, its i-th character standing for the value's i-th, so a template
// that counts or cuts its text (an e-mail preview line pads to 150 characters) treats it
// exactly as it would the value.

const WHOLE_BASE = 0xf800;
const SIZED_BASE = 0xe000;
const SIZED_SPAN = 0x400;
const MAX_FIELDS = 6;
const MARKS = /[\ue000-\uf8ff]+/g;

/** One character for the whole of field `field`'s value. */
export function wholeMark(field: number): string {
  if (field < 0 || field >= MAX_FIELDS) throw new RangeError(`field ${field}`);
  return String.fromCharCode(WHOLE_BASE + field);
}

/** `length` characters standing for field `field`'s value character by character. */
export function sizedMark(field: number, length: number): string {
  if (field < 0 || field >= MAX_FIELDS || length > SIZED_SPAN) throw new RangeError(`field ${field}, length ${length}`);
  return Array.from({ length }, (_, i) => String.fromCharCode(SIZED_BASE + field * SIZED_SPAN + i)).join("");
}

/** True when text holds characters that would read as marks: such a layout cannot be merged. */
export function hasMarkCharacters(text: string): boolean {
  return /[\ue000-\uf8ff]/.test(text);
}

/**
 * The layout with every mark replaced by its value (or the part of it the mark kept),
 * HTML-escaped for an HTML layout, as they are for a plain-text one.
 */
export function fillMarks(layout: string, values: readonly string[], { html = true }: { html?: boolean } = {}): string {
  const put = html ? escapeHtml : (text: string) => text;
  return layout.replace(MARKS, (run) => {
    let out = "";
    let i = 0;
    while (i < run.length) {
      const code = run.charCodeAt(i);
      if (code >= WHOLE_BASE) {
        out += put(values[code - WHOLE_BASE] ?? "");
        i++;
        continue;
      }
      // A stretch of one sized field's consecutive characters.
      const field = Math.floor((code - SIZED_BASE) / SIZED_SPAN);
      const start = (code - SIZED_BASE) % SIZED_SPAN;
      let end = start + 1;
      i++;
      while (i < run.length && run.charCodeAt(i) === SIZED_BASE + field * SIZED_SPAN + end) {
        end++;
        i++;
      }
      out += put((values[field] ?? "").slice(start, end));
    }
    return out;
  });
}
