import { describe, expect, it } from "vitest";
import { qrMatrix } from "~/modules/tickets/qr.server";
import { type Box, LINE_HEIGHT, QR_QUIET_ZONE, qrRects } from "~/print/layout";
import {
  BADGE_LAYOUTS,
  type BadgeFields,
  type BadgeMeasure,
  badgeBox,
  badgeRegions,
  badgesPerPage,
  badgeTextLines,
  cutMarks,
  PAGE_SPECS,
} from "./badge-layout";

const MM = 72 / 25.4;
const EPS = 1e-6;

const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - EPS &&
  inner.y >= outer.y - EPS &&
  inner.x + inner.width <= outer.x + outer.width + EPS &&
  inner.y + inner.height <= outer.y + outer.height + EPS;
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width - EPS && b.x < a.x + a.width - EPS && a.y < b.y + b.height - EPS && b.y < a.y + a.height - EPS;

// DejaVu Sans Bold is about 0.65 of the size wide a letter on average, regular 0.55: wide enough to need fitting.
const measure: BadgeMeasure = (text, font) => Array.from(text).length * (font === "bold" ? 0.65 : 0.55);

/** Logos of every shape: none, a wide wordmark, a tall crest, a square badge. */
const LOGOS = [null, { width: 1600, height: 240 }, { width: 180, height: 900 }, { width: 500, height: 500 }];

const FIELDS: BadgeFields[] = [
  {
    fullName: "Ƙasimu Ɗanjuma Ɓello Ƴar",
    organization: "Gusau Youth Forum",
    position: "Volunteer",
    state: "Zamfara",
    ticketId: "ZYS-MD3K2J1A-ABC123",
  },
  { fullName: "Musa", organization: "", position: "", state: "", ticketId: "ZYS-MD3K2J1A-ABC124" },
  {
    fullName: "Oluwaseun Adebayo-Ogunleye Babatunde Olumide Akintola-Williams",
    organization: "The Federal Ministry of Youth and Sports Development, Department of Youth Enterprise and Innovation",
    position: "Assistant Director of Programmes and Strategic Partnerships (North-West)",
    state: "Federal Capital Territory",
    ticketId: "ZYS-MD3K2J1A-ABC125",
  },
  {
    fullName: "X".repeat(200),
    organization: "Y".repeat(200),
    position: "Z".repeat(200),
    state: "W".repeat(80),
    ticketId: "T".repeat(64),
  },
];

describe("page layouts", () => {
  it("puts eight 90 × 65 mm badges on an A4 page, touching, centred, clear of the unprintable edge", () => {
    const spec = PAGE_SPECS.sheet;
    expect([spec.width, spec.height]).toEqual([expect.closeTo(595.28, 2), expect.closeTo(841.89, 2)]);
    expect(badgesPerPage("sheet")).toBe(8);
    const page = { x: 0, y: 0, width: spec.width, height: spec.height };
    const boxes = Array.from({ length: 8 }, (_, slot) => badgeBox("sheet", slot));
    for (const box of boxes) {
      expect(box.width).toBeCloseTo(90 * MM);
      expect(box.height).toBeCloseTo(65 * MM);
      expect(inside(box, { x: 12 * MM, y: 12 * MM, width: page.width - 24 * MM, height: page.height - 24 * MM })).toBe(true);
    }
    for (const [i, a] of boxes.entries()) for (const b of boxes.slice(i + 1)) expect(overlap(a, b)).toBe(false);
    // Row by row: slot 1 is right of slot 0, sharing its edge; slot 2 below slot 0.
    expect(boxes[1]?.x).toBeCloseTo((boxes[0]?.x ?? 0) + 90 * MM);
    expect(boxes[2]?.y).toBeCloseTo((boxes[0]?.y ?? 0) + 65 * MM);
    expect((boxes[0]?.x ?? 0) + (boxes[7]?.x ?? 0) + 90 * MM).toBeCloseTo(spec.width);
  });

  it("makes the page the badge for badge printers: 4 × 3 in, one per page, no cut marks", () => {
    expect(badgesPerPage("single")).toBe(1);
    expect(badgeBox("single", 0)).toEqual({ x: 0, y: 0, width: 288, height: 216 });
    expect([PAGE_SPECS.single.width, PAGE_SPECS.single.height]).toEqual([288, 216]);
    expect(cutMarks("single")).toEqual([]);
  });

  it("marks both ends of every cut line in the margin, never on a badge, inside the printable area", () => {
    const spec = PAGE_SPECS.sheet;
    const marks = cutMarks("sheet");
    expect(marks).toHaveLength(2 * (spec.columns + 1) + 2 * (spec.rows + 1));
    const boxes = Array.from({ length: 8 }, (_, slot) => badgeBox("sheet", slot));
    const grid = { x: boxes[0]?.x ?? 0, y: boxes[0]?.y ?? 0, width: 2 * 90 * MM, height: 4 * 65 * MM };
    const cutsX = [0, 1, 2].map((c) => grid.x + c * 90 * MM);
    const cutsY = [0, 1, 2, 3, 4].map((r) => grid.y + r * 65 * MM);
    for (const mark of marks) {
      const box = {
        x: Math.min(mark.x1, mark.x2),
        y: Math.min(mark.y1, mark.y2),
        width: Math.abs(mark.x2 - mark.x1),
        height: Math.abs(mark.y2 - mark.y1),
      };
      const vertical = mark.x1 === mark.x2;
      // On a cut line, 3 mm away from the badges, and at least 4.5 mm from the paper's edge.
      if (vertical) expect(cutsX.some((x) => Math.abs(x - mark.x1) < EPS)).toBe(true);
      else expect(cutsY.some((y) => Math.abs(y - mark.y1) < EPS)).toBe(true);
      expect(overlap({ x: box.x - 2.9 * MM, y: box.y - 2.9 * MM, width: box.width + 5.8 * MM, height: box.height + 5.8 * MM }, grid)).toBe(
        false,
      );
      expect(inside(box, { x: 4.5 * MM, y: 4.5 * MM, width: spec.width - 9 * MM, height: spec.height - 9 * MM })).toBe(true);
    }
  });
});

describe("inside a badge", () => {
  for (const layout of BADGE_LAYOUTS) {
    it(`${layout}: band, QR code, ticket ID and text column sit inside the badge, apart`, () => {
      const box = badgeBox(layout, badgesPerPage(layout) - 1);
      const r = badgeRegions(box);
      expect([r.logo, r.logoCard]).toEqual([null, null]);
      for (const part of [r.band, r.qr, r.ticketId, r.text]) expect(inside(part, box)).toBe(true);
      expect(r.qr.width).toBeCloseTo(r.qr.height);
      // Big enough to scan at arm's length: over 30 mm with its quiet zone.
      expect(r.qr.width).toBeGreaterThan(30 * MM);
      for (const [a, b] of [
        [r.band, r.qr],
        [r.band, r.text],
        [r.qr, r.text],
        [r.qr, r.ticketId],
        [r.ticketId, r.text],
      ] as const) {
        expect(overlap(a, b)).toBe(false);
      }
      // A cut a little off (3 mm) leaves every part whole.
      const safe = { x: box.x + 2.9 * MM, y: box.y + 1.9 * MM, width: box.width - 5.8 * MM, height: box.height - 3.8 * MM };
      for (const part of [r.qr, r.ticketId, r.text]) expect(inside(part, safe)).toBe(true);
    });
  }

  for (const [layout, logo] of BADGE_LAYOUTS.flatMap((layout) => LOGOS.map((logo) => [layout, logo] as const))) {
    it(`${layout}, logo ${logo ? `${logo.width} × ${logo.height}` : "none"}: every text stays in its box, however long, and no two lines overlap`, () => {
      const regions = badgeRegions(badgeBox(layout, 0), logo);
      for (const fields of FIELDS) {
        const lines = badgeTextLines(fields, "Zamfara Youth Summit 2026 — Gusau, Zamfara State, Nigeria", regions, measure);
        const boxes = lines.map((line) => ({
          line,
          box: { x: line.x, y: line.y, width: measure(line.text, line.font) * line.size, height: line.size * LINE_HEIGHT },
        }));
        for (const { line, box } of boxes) {
          const region = line.field === "event" ? regions.title : line.field === "ticketId" ? regions.ticketId : regions.text;
          expect(inside(box, region), `${layout} "${line.text}" at ${line.size.toFixed(1)} pt`).toBe(true);
          if (regions.logoCard) expect(overlap(box, regions.logoCard), `${line.text} clear of the logo`).toBe(false);
          expect(line.size, line.text).toBeGreaterThanOrEqual(0.03 * regions.unit - EPS);
        }
        for (const [i, a] of boxes.entries())
          for (const b of boxes.slice(i + 1)) expect(overlap(a.box, b.box), `${a.line.text} / ${b.line.text}`).toBe(false);
      }
    });
  }

  it("shows the name whole and large when it fits, with the organisation, position, state and ticket ID", () => {
    const regions = badgeRegions(badgeBox("single", 0));
    const fields = FIELDS[0] as BadgeFields;
    const lines = badgeTextLines(fields, "Zamfara Youth Summit", regions, measure);
    const texts = lines.map((l) => l.text);
    expect(lines.filter((l) => l.field === "event").map((l) => l.text)).toEqual(["Zamfara Youth Summit"]);
    const name = lines.filter((l) => l.field === "name");
    expect(name.map((l) => l.text).join(" ")).toBe(fields.fullName);
    expect(Math.min(...name.map((l) => l.size))).toBeGreaterThan(16);
    expect(texts).toEqual(expect.arrayContaining([fields.organization, fields.position, fields.state, fields.ticketId]));
    // The name is the largest text on the badge.
    for (const line of lines.filter((l) => !name.includes(l))) expect(line.size).toBeLessThan(name[0]?.size ?? 0);
  });

  it("leaves out empty fields instead of drawing blank lines", () => {
    const lines = badgeTextLines(FIELDS[1] as BadgeFields, "Summit", badgeRegions(badgeBox("sheet", 0)), measure);
    expect(lines.map((l) => [l.field, l.text])).toEqual([
      ["event", "Summit"],
      ["ticketId", "ZYS-MD3K2J1A-ABC124"],
      ["name", "Musa"],
    ]);
  });
});

describe("the organisers' logo on a badge", () => {
  for (const [layout, logo] of BADGE_LAYOUTS.flatMap((layout) => LOGOS.flatMap((logo) => (logo ? [[layout, logo] as const] : [])))) {
    it(`${layout}: a ${logo.width} × ${logo.height} logo keeps its proportions on a card in the band, clear of the name and the QR code`, () => {
      const box = badgeBox(layout, badgesPerPage(layout) - 1);
      const plain = badgeRegions(box);
      const r = badgeRegions(box, logo);
      if (!r.logo || !r.logoCard) throw new Error("no logo on the badge");
      expect(r.logo.width / r.logo.height).toBeCloseTo(logo.width / logo.height, 6);
      expect(inside(r.logo, r.logoCard)).toBe(true);
      expect(inside(r.logoCard, r.band)).toBe(true);
      expect(inside(r.band, box)).toBe(true);
      expect(inside(r.title, r.band)).toBe(true);
      expect(overlap(r.logoCard, r.title)).toBe(false);
      // Large enough to make out (7 mm high or 15 mm wide at least), small enough to leave the event's name most of the band.
      expect(r.logo.height >= 7 * MM || r.logo.width >= 15 * MM).toBe(true);
      expect(r.logoCard.width).toBeLessThan(r.band.width / 2);
      for (const part of [r.qr, r.ticketId, r.text]) expect(overlap(r.band, part)).toBe(false);
      // The QR code keeps its size; the texts' column gives up only the band's extra height.
      expect(r.qr.width).toBeCloseTo(plain.qr.width, 6);
      expect(r.text.width).toBeCloseTo(plain.text.width, 6);
      expect(r.text.height).toBeGreaterThan(0.9 * plain.text.height);
      const lines = badgeTextLines(FIELDS[0] as BadgeFields, "Zamfara Youth Summit 2026", r, measure);
      expect(
        lines
          .filter((l) => l.field === "name")
          .map((l) => l.text)
          .join(" "),
      ).toBe(FIELDS[0]?.fullName);
    });
  }

  it("leaves the badge as it is for an image without size", () => {
    const box = badgeBox("single", 0);
    expect(badgeRegions(box, { width: 0, height: 0 })).toEqual(badgeRegions(box));
  });
});

describe("qrRects", () => {
  const token = "ZYS-MD3K2J1A-ABC123.abcdefghijklmnopqrstuv";
  const matrix = qrMatrix(token);
  const box = { x: 100, y: 50, width: 120, height: 120 };
  const rects = qrRects(matrix, box);
  const module = box.width / (matrix.size + 2 * QR_QUIET_ZONE);

  it("draws exactly the dark modules, one rectangle per horizontal run", () => {
    const drawn = Array.from({ length: matrix.size }, () => Array<boolean>(matrix.size).fill(false));
    for (const r of rects) {
      const row = Math.round((r.y - box.y) / module) - QR_QUIET_ZONE;
      const first = Math.round((r.x - box.x) / module) - QR_QUIET_ZONE;
      const length = Math.round(r.width / module);
      expect(r.height).toBeCloseTo(module);
      for (let column = first; column < first + length; column++) {
        expect(drawn[row]?.[column], `module ${row},${column} drawn twice`).toBe(false);
        (drawn[row] as boolean[])[column] = true;
      }
    }
    for (let row = 0; row < matrix.size; row++)
      for (let column = 0; column < matrix.size; column++) expect(drawn[row]?.[column]).toBe(matrix.get(row, column));
    // Runs merged: far fewer rectangles than dark modules.
    const dark = drawn.flat().filter(Boolean).length;
    expect(rects.length).toBeLessThan(dark * 0.7);
  });

  it("keeps a quiet zone of four modules inside the box", () => {
    const quiet = QR_QUIET_ZONE * module;
    const code = { x: box.x + quiet, y: box.y + quiet, width: box.width - 2 * quiet, height: box.height - 2 * quiet };
    for (const r of rects) expect(inside(r, code)).toBe(true);
    expect(Math.min(...rects.map((r) => r.x))).toBeCloseTo(code.x);
    expect(Math.max(...rects.map((r) => r.y + r.height))).toBeCloseTo(code.y + code.height);
  });
});
