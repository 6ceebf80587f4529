import { inArray, sql } from "drizzle-orm";
import { getDocument, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type PdfPage, readPdfPages, streamBytes } from "#tests/support/pdf-pages.ts";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { Db, DbConnection } from "~/db/client.server";
import { attendeeValues } from "~/db/factories";
import { attendees, audit_log } from "~/db/schema";
import { createTestActor } from "~/modules/attendees/test-data.server";
import { storeImage } from "~/modules/media/media.server";
import { updateSettings } from "~/modules/settings/settings.server";
import { generateTicketId } from "~/modules/tickets/ticket-id";
import { loadPrintImage, PRINT_LOGO } from "~/print/image.server";
import { type BadgeLayout, badgeBox, badgesPerPage, PAGE_SPECS } from "./badge-layout";
import { BADGE_MESSAGES, badgesPdfStream, exportBadgesPdf } from "./badges.server";

// The badges PDF as organisers get it, read back with pdf.js: pages per layout, one badge per
// attendee with that attendee's texts (Hausa letters included) inside its box, alphabetical,
// streamed in batches only as fast as it is read. The QR codes are decoded in the browser test
// (tests/e2e/admin-badges.spec.ts), which renders the pages.

vi.stubEnv("SESSION_SECRET", "test-secret-test-secret-test-secret-42");
vi.stubEnv("PUBLIC_URL", "http://localhost:3000");
const SECRET = "badge-test-secret-badge-test-secret";
const EVENT = "Zamfara Youth Summit 2026";

/** The texts of each badge, in page and slot order: items grouped by the badge box they start in. */
function badgesOf(pages: PdfPage[], layout: BadgeLayout): string[] {
  return pages.flatMap((page) =>
    Array.from({ length: badgesPerPage(layout) }, (_, slot) => {
      const box = badgeBox(layout, slot);
      const inBox = page.items.filter((i) => i.x >= box.x && i.x < box.x + box.width && i.top > box.y && i.top <= box.y + box.height);
      return inBox.map((i) => i.str).join(" ");
    }).filter((text) => text !== ""),
  );
}

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/** A logo file as organisers upload one: a coloured mark on a transparent ground. */
function logoFile(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="2" y="2" width="${width - 4}" height="${height - 4}" rx="12" fill="#1d4ed8"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** How many times each page paints an image, and how many images the file holds. */
async function imagesOf(bytes: Uint8Array): Promise<{ painted: number[]; embedded: number }> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  try {
    const painted: number[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const ops = (await (await pdf.getPage(n)).getOperatorList()).fnArray;
      painted.push(ops.filter((op) => op === OPS.paintImageXObject).length);
    }
    const embedded = Buffer.from(bytes).toString("latin1").split("/Subtype /Image").length - 1;
    return { painted, embedded };
  } finally {
    await pdf.destroy();
  }
}

const PEOPLE = [
  { full_name: "Ƙasimu Ɗanjuma Ɓello Ƴar", organization: "Ƙungiyar Matasan Gusau", position: "Sakatare", state: "Zamfara" },
  { full_name: "Amina Yusuf", organization: "Gusau Youth Forum", position: "Volunteer", state: "Zamfara" },
  { full_name: "Amina Yusuf", organization: "Federal University Gusau", position: "Student", state: "Sokoto" },
  { full_name: "Musa Garba", organization: "", position: "", state: "" },
  { full_name: "Zainab Bello", organization: "NYSC", position: "Corps member", state: "Kebbi" },
  { full_name: "Ibrahim Sani", organization: "Self-employed", position: "Trader", state: "Kano" },
  { full_name: "Hauwa Ɗahiru", organization: "Ministry of Youth", position: "Officer", state: "Katsina" },
  { full_name: "Chidi Okafor", organization: "Gusau Polytechnic", position: "Lecturer", state: "Enugu" },
  { full_name: "Fatima Lawal", organization: "Zamfara Youth Council", position: "Coordinator", state: "Zamfara" },
  // An imported ticket ID outside the signed format: no QR code, but still a badge.
  { full_name: "Yusuf Tsafe", organization: "Tsafe Traders", position: "Chair", state: "Zamfara", ticket_id: "imp-0001" },
];

describe.each(DATABASE_KINDS)("name badges on %s", (kind) => {
  let database: DbConnection;
  let people: (typeof attendees.$inferSelect)[];
  /** Ticket IDs in the badges' order: by name, the hooked letters with their plain ones, then by id. */
  let expectedOrder: string[];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    people = await database.db
      .insert(attendees)
      // Ticket IDs as registration makes them: the factory's longer test IDs, with random wide letters,
      // sometimes did not fit the badge's one line under the QR code and were shortened.
      .values(PEOPLE.map((p) => attendeeValues({ ticket_id: generateTicketId(), ...p })))
      .returning();
    const key = (name: string) => name.toLowerCase().replace(/[ƙɗɓƴ]/g, (c) => ({ ƙ: "k", ɗ: "d", ɓ: "b", ƴ: "y" })[c] ?? c);
    expectedOrder = [...people]
      .sort((a, b) => key(a.full_name).localeCompare(key(b.full_name), "en") || (a.id < b.id ? -1 : 1))
      .map((p) => p.ticket_id);
  });
  afterAll(async () => {
    await database?.close();
  });

  const generate = async (layout: BadgeLayout, batchSize = 3) =>
    readPdfPages(await streamBytes(await badgesPdfStream(database.db, { layout, eventName: EVENT, secret: SECRET, batchSize })));

  function expectOneBadgeEach(badges: string[]) {
    expect(badges).toHaveLength(people.length);
    // In order, each badge holds its attendee's ticket ID and no other.
    expect(badges.map((text) => people.find((p) => text.includes(p.ticket_id))?.ticket_id)).toEqual(expectedOrder);
    for (const [i, text] of badges.entries()) {
      const person = people.find((p) => p.ticket_id === expectedOrder[i]);
      if (!person) throw new Error("no attendee for this badge");
      const badge = squash(text);
      expect(badge).toContain(EVENT);
      // The name whole, whichever lines it was wrapped into.
      expect(badge).toContain(person.full_name);
      for (const value of [person.organization, person.position, person.state]) expect(badge).toContain(value);
      expect(people.filter((p) => badge.includes(p.ticket_id))).toHaveLength(1);
    }
  }

  it("sheet: eight badges to an A4 page, one per attendee, alphabetical, every text intact in its badge", async () => {
    const pages = await generate("sheet");
    expect(pages).toHaveLength(Math.ceil(people.length / 8));
    for (const page of pages) {
      expect(page.width).toBeCloseTo(PAGE_SPECS.sheet.width, 1);
      expect(page.height).toBeCloseTo(PAGE_SPECS.sheet.height, 1);
    }
    expectOneBadgeEach(badgesOf(pages, "sheet"));
    // The Hausa letters come back from the PDF as the same Unicode letters.
    const all = squash(pages.flatMap((p) => p.items.map((i) => i.str)).join(" "));
    expect(all).toContain("Ƙasimu Ɗanjuma Ɓello Ƴar");
    expect(all).toContain("Ƙungiyar Matasan Gusau");
  });

  it("single: one 4 × 3 in page per attendee", async () => {
    const pages = await generate("single", 4);
    expect(pages).toHaveLength(people.length);
    for (const page of pages) expect([page.width, page.height]).toEqual([288, 216]);
    expectOneBadgeEach(badgesOf(pages, "single"));
  });

  it("reads the attendees in batches only as the PDF is read, and stops when the download is cancelled", async () => {
    const many = await database.db
      .insert(attendees)
      .values(Array.from({ length: 290 }, (_, i) => attendeeValues({ full_name: `Batch Person ${String(i).padStart(3, "0")}` })))
      .returning({ id: attendees.id });
    try {
      let queries = 0;
      // Counts the batch reads: each is one select.
      const counted = new Proxy(database.db, {
        get(target, property, receiver) {
          if (property === "select") queries++;
          return Reflect.get(target, property, receiver);
        },
      }) as Db;
      const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
      // Until the stream has drawn what it draws ahead and waits: on a busy machine (other test
      // files in parallel) one chunk can take longer than a fixed pause.
      const quiet = async () => {
        for (let before = -1; before !== queries; ) {
          before = queries;
          await settle();
        }
      };
      const total = people.length + many.length;
      const batches = Math.floor(total / 5) + 1; // every batch of five, and one more that finds the end
      const stream = await badgesPdfStream(counted, { layout: "single", eventName: EVENT, secret: SECRET, batchSize: 5 });
      expect(queries).toBe(1);
      const reader = stream.getReader();
      expect((await reader.read()).value?.byteLength).toBeGreaterThan(0);
      // The stream draws one chunk ahead of its reader (a few dozen single badges), then waits.
      await quiet();
      const ahead = queries;
      expect(ahead).toBeLessThan(batches / 2);
      await settle();
      expect(queries, "nothing more is drawn until the reader asks").toBe(ahead);
      await reader.read();
      await quiet();
      expect(queries).toBeGreaterThan(ahead);
      const beforeCancel = queries;
      await reader.cancel();
      await settle();
      expect(queries, "a cancelled download reads nothing more").toBe(beforeCancel);

      queries = 0;
      const bytes = await streamBytes(await badgesPdfStream(counted, { layout: "single", eventName: EVENT, secret: SECRET, batchSize: 5 }));
      expect(queries).toBe(batches);
      expect(await readPdfPages(bytes)).toHaveLength(total);
    } finally {
      await database.db.delete(attendees).where(
        inArray(
          attendees.id,
          many.map((m) => m.id),
        ),
      );
    }
  });

  it("draws the organisers' logo on every badge, embedded in the file once", async () => {
    const file = await logoFile(800, 200);
    const logo = await loadPrintImage(`/media/${"a".repeat(64)}.webp`, async () => file, PRINT_LOGO);
    for (const layout of ["sheet", "single"] as const) {
      const bytes = await streamBytes(await badgesPdfStream(database.db, { layout, eventName: EVENT, secret: SECRET, logo }));
      const pages = await readPdfPages(bytes);
      const { painted, embedded } = await imagesOf(bytes);
      expect(
        painted.reduce((sum, n) => sum + n, 0),
        layout,
      ).toBe(people.length);
      expect(embedded, layout).toBe(1);
      // The texts are all there still, each in its badge.
      expectOneBadgeEach(badgesOf(pages, layout));
    }
    // Without one, none.
    const plain = await streamBytes(await badgesPdfStream(database.db, { layout: "sheet", eventName: EVENT, secret: SECRET }));
    expect((await imagesOf(plain)).embedded).toBe(0);
  });

  it("takes the logo from Event Settings for the download", async () => {
    const actor = await createTestActor(database.db);
    const bytes = await logoFile(300, 300);
    const { url } = await storeImage(database.db, { type: "image/png", size: bytes.length, bytes });
    await updateSettings(database.db, { logo_url: url });
    try {
      const response = await exportBadgesPdf(database.db, actor, new URLSearchParams({ layout: "single" }));
      expect(response.status).toBe(200);
      const { painted, embedded } = await imagesOf(new Uint8Array(await response.arrayBuffer()));
      expect(painted).toEqual(people.map(() => 1));
      expect(embedded).toBe(1);
    } finally {
      await updateSettings(database.db, { logo_url: "" });
    }
  });

  it("downloads as a named, uncached PDF, audit-logged; an unknown layout is a 400", async () => {
    const actor = await createTestActor(database.db);
    await updateSettings(database.db, { event_name: "Zamfara Youth Summit" });
    const response = await exportBadgesPdf(database.db, actor, new URLSearchParams({ layout: "single" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="zamfara-youth-summit-badges-single-\d{4}-\d\d-\d\d\.pdf"$/,
    );
    const pages = await readPdfPages(new Uint8Array(await response.arrayBuffer()));
    expect(pages).toHaveLength(people.length);
    const [entry] = await database.db.select().from(audit_log).where(sql`${audit_log.admin_id} = ${actor.id}`);
    expect(entry).toMatchObject({ action: "attendee.badges", entity: "attendees", details: { layout: "single" } });

    // No layout: the A4 sheets.
    const byDefault = await exportBadgesPdf(database.db, actor, new URLSearchParams());
    expect(byDefault.headers.get("Content-Disposition")).toContain("-badges-sheet-");
    expect(await readPdfPages(new Uint8Array(await byDefault.arrayBuffer()))).toHaveLength(2);

    for (const layout of ["poster", "SHEET", ""]) {
      const refused = await exportBadgesPdf(database.db, actor, new URLSearchParams({ layout }));
      expect(refused.status, layout).toBe(400);
      expect(await refused.text()).toBe(BADGE_MESSAGES.unknownLayout);
    }
    expect(await database.db.select().from(audit_log).where(sql`${audit_log.admin_id} = ${actor.id}`)).toHaveLength(2);
  });
});

describe.each(DATABASE_KINDS)("name badges with nobody registered, on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it.each(["sheet", "single"] as const)("%s: a valid PDF of one page that says so", async (layout) => {
    const bytes = await streamBytes(await badgesPdfStream(database.db, { layout, eventName: EVENT, secret: SECRET }));
    const pages = await readPdfPages(bytes);
    expect(pages).toHaveLength(1);
    expect(squash(pages[0]?.items.map((i) => i.str).join(" ") ?? "")).toBe("No attendees yet Badges appear here once people register.");
  });
});
