import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { badgesPdfStream } from "~/modules/badges/badges.server";
import { updateSettings } from "~/modules/settings/settings.server";
import { correctDetails } from "./correct-details.server";
import { checkSelfCorrection } from "./details-schema";

// A name corrected on the ticket page is the name printed on the badge: badges read the
// registration's row, so there is no second copy to forget (issue 39's check, the badge PDF's part;
// the organisers' list and the door are tried in tests/e2e/corrections.spec.ts).

const SECRET = "corrected-badge-secret-0123456789ab";

async function pdfText(stream: ReadableStream<Uint8Array>): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) parts.push(chunk);
  const pdf = await getDocument({ data: new Uint8Array(Buffer.concat(parts)), isEvalSupported: false }).promise;
  try {
    const texts: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const { items } = await (await pdf.getPage(n)).getTextContent();
      for (const item of items) if ("str" in item) texts.push(item.str);
    }
    return texts.join(" ");
  } finally {
    await pdf.destroy();
  }
}

describe.each(DATABASE_KINDS)("a corrected name on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it("is the name on the badge", async () => {
    const { db } = database;
    await updateSettings(db, {
      event_date: "2026-12-24",
      event_starts_at: "08:00:00",
      event_ends_at: "17:00:00",
      corrections_close_days: 2,
    });
    const person = await createAttendee(db, { full_name: "Fatima Danjuma", state: "Zamfara", local_government: "Gusau" });
    const form = new FormData();
    for (const [name, value] of Object.entries({
      fullName: "Fatima Ɗanjuma",
      phone: "0803 123 4567",
      gender: "female",
      organization: "Gusau Youth Forum",
      position: "Secretary",
      state: "Zamfara",
      localGovernment: "Gusau",
    }))
      form.set(name, value);
    const verdict = checkSelfCorrection(form);
    if (!("value" in verdict)) throw new Error("the correction was refused");
    const saved = await correctDetails(db, { by: "self", id: person.id, input: verdict.value, now: new Date("2026-12-01T10:00:00Z") });
    expect(saved).toMatchObject({ status: "saved" });

    const text = (
      await pdfText(await badgesPdfStream(db, { layout: "single", eventName: "Zamfara Youth Summit 2026", secret: SECRET }))
    ).normalize("NFC");
    expect(text).toContain("Ɗanjuma");
    expect(text).not.toContain("Danjuma");
  });
});
