import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createArchivedEdition } from "~/db/factories";
import { RESOURCES } from "~/i18n/catalogues.server";
import { createI18n } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";
import { editionsPage } from "~/modules/editions/archive.server";
import { storeImage } from "~/modules/media/media.server";
import Editions from "./editions";

// /editions as the server sends it (no JavaScript on a first visit): each past edition's name,
// date, venue, figures, speakers and partners, in the reader's language; or the empty state.

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

function render(loaderData: Awaited<ReturnType<typeof editionsPage>>, language: Language = "en"): string {
  const Stub = createRoutesStub([{ id: "editions", path: "/editions", Component: Editions }]);
  return renderToString(
    <I18nextProvider i18n={createI18n(RESOURCES, language)}>
      <Stub initialEntries={["/editions"]} hydrationData={{ loaderData: { editions: loaderData } }} />
    </I18nextProvider>,
  );
}

const settings = { event_date: "2099-11-23", event_starts_at: "09:00:00", event_ends_at: "17:00:00" };

describe("the past editions page", () => {
  let database: DbConnection;
  let portrait = "";
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    const bytes = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#a50" } })
      .jpeg()
      .toBuffer();
    portrait = (await storeImage(database.db, { type: "image/jpeg", size: bytes.length, bytes })).url;
  });
  afterAll(async () => database?.close());

  it("says when the first edition is while none is archived", async () => {
    const page = text(render(await editionsPage(database.db, settings, "en")));
    expect(page).toContain("Past editions");
    expect(page).toContain("No past editions yet. The first edition is on Monday, 23 November 2099.");
    const hausa = text(render(await editionsPage(database.db, settings, "ha"), "ha"));
    expect(hausa).toContain("Babu zagayen da ya gabata tukuna. Za a yi zagaye na farko ranar");
  });

  it("shows each past edition with its figures, people and partners", async () => {
    await createArchivedEdition(database.db, {
      name: "2025 edition",
      translations: { ha: { name: "Zagayen 2025" } },
      event_date: "2025-08-12",
      venue: "Gusau Banquet Hall",
      figures: { registered: 1250, attended: 1, states: { Zamfara: 1200, Sokoto: 50 } },
      content: {
        speakers: [
          { name: "Amina Bello", title: "Director", bio: "Not shown", image_url: portrait, speaker_type: "Keynote", translations: {} },
        ],
        partners: [{ name: "Ministry of Youth", logo_url: "", website_url: "https://example.org/" }],
      },
    });
    const html = render(await editionsPage(database.db, settings, "en"));
    const page = text(html);
    expect(page).toContain("2025 edition");
    expect(page).toContain("Tuesday, 12 August 2025");
    expect(page).toContain("Gusau Banquet Hall");
    expect(page).toContain("1,250 young people from 2 states; 1 attended");
    expect(page).toContain("Amina Bello Director");
    expect(page).not.toContain("Not shown");
    expect(page).not.toContain("No past editions yet");
    // The landing page's portrait, at its size: the copies a phone already fetched there.
    expect(html).toMatch(/<img[^>]*srcSet="[^"]*\?w=224 224w[^"]*"[^>]*sizes="112px"[^>]*loading="lazy"/);
    expect(html).toContain('href="https://example.org/"');
    // One h1; the edition an h2; its Speakers and Partners h3s; each person an h4.
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).toMatch(/<h2[^>]*>2025 edition<\/h2>/);
    expect(html).toMatch(/<h4[^>]*>Amina Bello<\/h4>/);

    const hausa = text(render(await editionsPage(database.db, settings, "ha"), "ha"));
    expect(hausa).toContain("Zagayen 2025");
    expect(hausa).toContain("Matasa 1,250 daga jihohi 2; mutum 1 ya halarta");
    expect(hausa).toContain("Masu jawabi");
    expect(hausa).toContain("Abokan hulɗa");
  });
});
