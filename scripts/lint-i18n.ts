// `npm run lint:i18n`: no English words in a public page, the door or an e-mail outside the
// catalogues (app/i18n/locales). Every word a visitor reads there goes through `t()`, so a
// Hausa reader never meets an English sentence that slipped past the translators.
//
// Flagged, in the files below: JSX text with letters in it; a string or template literal with
// words given as a JSX child or to a prop people read (aria-label, title, alt, placeholder,
// label, heading, message, …); the words of an e-mail (preview, heading, paragraphs, footnote).
// What is not a sentence passes: catalogue keys, class names, URLs, e-mail addresses, codes.
// A line may opt out with `// i18n-ignore: <why>` on the line before.

import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "..");

/** The files whose words visitors, door volunteers or mail recipients read. */
const CHECKED = [
  "app/root.tsx",
  "app/routes/home.tsx",
  "app/routes/register.tsx",
  "app/routes/register-confirm.tsx",
  "app/routes/privacy.tsx",
  "app/routes/editions.tsx",
  "app/modules/editions/figures.ts",
  "app/modules/editions/archive.server.ts",
  "app/routes/ticket.tsx",
  "app/routes/ticket-cancel.tsx",
  "app/routes/ticket-erase.tsx",
  "app/routes/waitlist.tsx",
  "app/routes/verify.tsx",
  "app/routes/feedback.tsx",
  "app/modules/certificates",
  "app/modules/feedback/survey-form.tsx",
  "app/modules/feedback/survey-page-view.tsx",
  "app/ui/choice-buttons.tsx",
  "app/modules/content/landing",
  "app/modules/outreach/invite-card.tsx",
  "app/modules/outreach/poster-pdf.server.ts",
  "app/modules/share",
  "app/modules/registration",
  "app/modules/tickets",
  "app/modules/waitlist",
  "app/modules/ussd",
  "app/modules/mail/notice-email.tsx",
  "app/modules/sms/sms-texts.server.ts",
  "app/modules/checkin/check-in-screen.tsx",
  "app/modules/checkin/qr-scanner.tsx",
  "app/ui/back-header.tsx",
  "app/ui/message-page.tsx",
  "app/ui/language-switch.tsx",
  "app/ui/toaster.tsx",
  "app/ui/form-field.tsx",
  "app/ui/human-check-fields.tsx",
  "server/unavailable-page.ts",
];

/** Admin pieces that live in a checked folder: the admin is in English. */
const ADMIN_ONLY = [/surge-notice\.tsx$/, /email-preview/, /\.test\.tsx?$/, /test-data/];

const READ_PROPS = new Set([
  "aria-label",
  "title",
  "alt",
  "placeholder",
  "label",
  "heading",
  "message",
  "confirmLabel",
  "pendingLabel",
  "cancelLabel",
  "description",
  "preview",
  "footnote",
  "subject",
  "paragraphs",
  "data-busy-label",
  "data-empty-text",
]);

function files(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (statSync(full).isDirectory()) return readdirSync(full).flatMap((name) => files(path.join(entry, name)));
  return /\.tsx?$/.test(entry) && !ADMIN_ONLY.some((re) => re.test(entry)) ? [entry] : [];
}

/** Words: two letters in a row, not a key, a URL, an address, a code or a CSS class list. */
function isWords(text: string): boolean {
  const trimmed = text.trim();
  if (!/\p{L}{2}/u.test(trimmed)) return false;
  if (/^(?:[a-z]+:)?[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+$/.test(trimmed)) return false; // a catalogue key
  if (/^(?:https?:|mailto:|tel:|\/|#|cid:|data:)/.test(trimmed)) return false;
  if (/^[\w.+-]+@[\w.-]+$/.test(trimmed)) return false;
  if (/^[A-Z0-9]{2,5}-[…A-Z0-9-]*$/.test(trimmed)) return false; // a ticket ID pattern (ZYS-…)
  return true;
}

type Finding = { file: string; line: number; text: string };

function check(file: string): Finding[] {
  return englishLiterals(file, readFileSync(path.join(ROOT, file), "utf8"));
}

/** The English words in one file's source, where a visitor would read them. */
export function englishLiterals(file: string, text: string): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const lines = source.text.split("\n");
  const findings: Finding[] = [];
  const report = (node: ts.Node, text: string) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line;
    if (/i18n-ignore/.test(lines[line - 1] ?? "") || /i18n-ignore/.test(lines[line] ?? "")) return;
    findings.push({ file, line: line + 1, text: text.trim().slice(0, 80) });
  };
  const literalWords = (node: ts.Expression): string | null => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return isWords(node.text) ? node.text : null;
    if (ts.isTemplateExpression(node)) {
      const text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(" ");
      return isWords(text) ? text : null;
    }
    if (ts.isConditionalExpression(node)) return literalWords(node.whenTrue) ?? literalWords(node.whenFalse);
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken)
      return literalWords(node.left) ?? literalWords(node.right);
    if (ts.isArrayLiteralExpression(node)) {
      for (const element of node.elements) {
        const found = literalWords(element);
        if (found) return found;
      }
    }
    return null;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && isWords(node.text)) report(node, node.text);
    if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      const words = literalWords(node.expression);
      if (words) report(node, words);
    }
    if (ts.isJsxAttribute(node) && READ_PROPS.has(node.name.getText()) && node.initializer) {
      const value = ts.isStringLiteral(node.initializer)
        ? node.initializer
        : ts.isJsxExpression(node.initializer)
          ? node.initializer.expression
          : undefined;
      const words = value ? literalWords(value) : null;
      if (words) report(node, words);
    }
    // An e-mail's words given as data (renderNoticeEmail({ heading: "…", paragraphs: ["…"] })).
    if (ts.isPropertyAssignment(node) && READ_PROPS.has(node.name.getText())) {
      const words = literalWords(node.initializer);
      if (words) report(node, words);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const checked = CHECKED.flatMap(files);
  const findings = checked.flatMap(check);
  if (findings.length > 0) {
    process.stderr.write("English words outside the catalogues (say them with t(), keys in app/i18n/locales):\n");
    for (const f of findings) process.stderr.write(`  ${f.file}:${f.line}  ${JSON.stringify(f.text)}\n`);
    process.exit(1);
  }
  process.stdout.write(`lint:i18n: no English literal in ${checked.length} public, door and e-mail files\n`);
}
