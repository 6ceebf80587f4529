import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { type SettingsConfirmation, SettingsForm } from "./settings-form";

// The question before a far-reaching save (change-consequences.ts), as the form shows it: "Yes,
// save <the new date>" when the date moved, "Yes, save these settings" when something else (the
// days personal data is kept) brought the deletion near.

type Props = Parameters<typeof SettingsForm>[0];
const SAVED_DATE = "2026-12-28";
// Every field empty but the saved event date: the question only reads that one.
const defaults = new Proxy({} as Props["defaults"], {
  get: (_target, key) => (key === "event_date" ? SAVED_DATE : key === "translations" ? undefined : ""),
});

let confirm: SettingsConfirmation | null = null;
function Page() {
  return <SettingsForm defaults={defaults} lastResult={undefined} registered={2} confirm={confirm} />;
}
const Stub = createRoutesStub([{ path: "/", Component: Page }]);
function yesButton(question: SettingsConfirmation): string {
  confirm = question;
  const html = renderToString(<Stub />);
  return /<button[^>]*name="confirmed"[^>]*>([^<]*)<\/button>/.exec(html)?.[1] ?? "";
}

describe("the settings question's Yes", () => {
  it("names the new date when the date moved", () => {
    expect(yesButton({ message: "…", fingerprint: "f", eventDate: "2025-12-28" })).toBe("Yes, save 28 December 2025");
  });

  it("says these settings when the date stayed (the retention days brought the deletion near)", () => {
    expect(yesButton({ message: "…", fingerprint: "f", eventDate: SAVED_DATE })).toBe("Yes, save these settings");
  });
});
