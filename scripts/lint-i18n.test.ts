import { describe, expect, it } from "vitest";
import { englishLiterals } from "./lint-i18n";

const words = (source: string, file = "page.tsx") => englishLiterals(file, source).map((f) => f.text);

describe("lint:i18n", () => {
  it("finds English text in JSX, in props people read and in an e-mail's words", () => {
    expect(words(`export const A = () => <p>Register now</p>;`)).toEqual(["Register now"]);
    expect(words(`export const A = () => <input placeholder="Enter your name" />;`)).toEqual(["Enter your name"]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template literal, as the lint reads it
    expect(words("export const A = ({ n }) => <p>{`Hello ${n}, welcome`}</p>;")).toEqual(["Hello  , welcome"]);
    expect(words(`export const A = (ok) => <button aria-label={ok ? "Close" : "Open it"} />;`)).toEqual(["Close"]);
    expect(
      words(`renderNoticeEmail({ heading: "Seat confirmed", paragraphs: [t("x.y"), "Thanks for coming"] });`, "mail.server.tsx"),
    ).toEqual(["Seat confirmed", "Thanks for coming"]);
  });

  it("lets translated text, keys, classes, links, codes and opted-out lines pass", () => {
    const source = `export const A = ({ t }) => (
      <div className="mx-auto text-lg" data-testid="ticket-id">
        <p>{t("register.heading")}</p>
        <a href="/register#lost-ticket" title={t("nav.home")}>·</a>
        <input placeholder="you@example.com" />
        <input placeholder="ZYS-…" />
        {/* i18n-ignore: a decoy for scripts */}
        Leave this field empty
        <FormField label={t("register.fields.email")} error="validation.email" />
      </div>
    );`;
    expect(words(source)).toEqual([]);
  });
});
