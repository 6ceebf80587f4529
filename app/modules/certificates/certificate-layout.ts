import { fitText } from "~/print/fit-text";
import { type Box, LINE_HEIGHT, type PlacedLine, type PrintFont } from "~/print/layout";

// The certificate of attendance's page, in PDF points from the top left: the frame, the
// texts fitted into their boxes, the logo's, the signature image's and the QR code's places.
// Pure, so the geometry is tested without drawing; certificate-pdf.server.ts draws what this
// computes. The texts come in already translated and cleaned.

/** A4 landscape, as pdfkit and every printer know it. */
export const PAGE = { width: 841.89, height: 595.28 };

// The badges' green (app.css brand-800), a lighter one for hairlines, and ink greys.
export const GREEN = "#14532d";
const HAIRLINE = "#86a892";
const INK = "#111827";
const GREY = "#4b5563";
const DARK_GREY = "#374151";
const SOFT = "#6b7280";

/** The texts a certificate shows, in the certificate's language. */
export type CertificateTexts = {
  title: string;
  intro: string;
  name: string;
  attended: string;
  event: string;
  heldOn: string;
  signerName: string;
  signerTitle: string;
  codeLabel: string;
  code: string;
  verifyLine: string;
};

type Measure = (text: string, font: PrintFont) => number;

type Stroke = { x1: number; y1: number; x2: number; y2: number; width: number; colour: string };
type CertificateLayout = {
  texts: PlacedLine[];
  strokes: Stroke[];
  frames: (Box & { line: number })[];
  diamonds: Box[];
  logo: Box | null;
  /** The signature image's box, above the signature line; null without a line or an image. */
  signature: Box | null;
  qr: Box;
};

/** An image's size in pixels: only its proportions count. */
type ImageSize = { width: number; height: number };

// The outer frame sits well inside what any printer can print (its outer 4–5 mm); the
// content keeps a generous margin inside it, as a printed certificate does.
const OUTER = 22;
const INNER = 29;
const MARGIN = 84;
const CONTENT = { x: MARGIN, width: PAGE.width - 2 * MARGIN };
const TOP = 54;
/** The bottom row (signature, code, QR code) ends here; the verification line is under it. */
const ROW_BOTTOM = PAGE.height - 62;
const QR_SIDE = 100;
const LOGO_MAX = { width: 190, height: 62 };
/**
 * The signature image's space, standing on the signature line: as wide as a signature is written,
 * and low enough to stay clear of the middle's texts at their longest (they end 20 points above
 * the bottom row, which starts 54 points above the line).
 */
const SIGNATURE_MAX = { width: 200, height: 50 };
/** Between the image and the line, so the line is never drawn over (the image is on white). */
const SIGNATURE_GAP = 2;

type Style = { font: PrintFont; colour: string; maxSize: number; minSize: number; maxLines: number; tracking?: number };

/**
 * Letter spacing (`tracking`) is a share of the size, and small: from about a tenth of the size,
 * viewers take the gaps for spaces, and the text is copied and searched as "C E R T I F…".
 */
const STYLES = {
  title: { font: "bold", colour: GREEN, maxSize: 27, minSize: 16, maxLines: 1, tracking: 0.05 },
  intro: { font: "regular", colour: GREY, maxSize: 14, minSize: 9, maxLines: 1 },
  // The page is the name's: large, in two lines at most until only a third keeps it whole.
  name: { font: "bold", colour: INK, maxSize: 40, minSize: 13, maxLines: 3 },
  attended: { font: "regular", colour: GREY, maxSize: 14, minSize: 9, maxLines: 1 },
  event: { font: "bold", colour: GREEN, maxSize: 21, minSize: 11, maxLines: 2 },
  heldOn: { font: "regular", colour: DARK_GREY, maxSize: 13.5, minSize: 8, maxLines: 2 },
  signerName: { font: "bold", colour: INK, maxSize: 12, minSize: 7, maxLines: 1 },
  signerTitle: { font: "regular", colour: GREY, maxSize: 10, minSize: 7, maxLines: 2 },
  codeLabel: { font: "regular", colour: SOFT, maxSize: 7.5, minSize: 6, maxLines: 1, tracking: 0.05 },
  code: { font: "bold", colour: INK, maxSize: 13, minSize: 9, maxLines: 1, tracking: 0.04 },
  verifyLine: { font: "regular", colour: SOFT, maxSize: 8.5, minSize: 6, maxLines: 2 },
} satisfies Record<keyof CertificateTexts, Style>;

/** The lines of `text` fitted into `width` and at most `maxHeight`, as the badges fit theirs. */
function fitStyle(text: string, style: Style, width: number, maxHeight: number, measure: Measure) {
  const tracking = style.tracking ?? 0;
  // With spacing a fixed share of the size, a line's width still scales with the size, as fitText needs.
  const width1 = (line: string) => measure(line, style.font) + tracking * Math.max(0, Array.from(line).length - 1);
  const fitted = fitText(
    text,
    { maxWidth: width, maxHeight, maxLines: style.maxLines, maxSize: style.maxSize, minSize: style.minSize, lineHeight: LINE_HEIGHT },
    width1,
  );
  return { ...fitted, height: fitted.lines.length * fitted.size * LINE_HEIGHT, width1 };
}

type Fitted = ReturnType<typeof fitStyle>;

/** `fitted`'s lines from `top` down, each centred on `centre` (or ending at `right`). */
function place(fitted: Fitted, style: Style, top: number, align: { centre: number } | { right: number }): PlacedLine[] {
  return fitted.lines.map((text, i) => {
    const width = fitted.width1(text) * fitted.size;
    const x = "centre" in align ? align.centre - width / 2 : align.right - width;
    const spacing = (style.tracking ?? 0) * fitted.size;
    return { text, x, y: top + i * fitted.size * LINE_HEIGHT, size: fitted.size, font: style.font, colour: style.colour, spacing };
  });
}

/** `image` at its own proportions, as large as fits `space` (never squeezed to fill it). */
function fitted(image: ImageSize, space: ImageSize): ImageSize {
  const scale = Math.min(space.width / image.width, space.height / image.height);
  return { width: image.width * scale, height: image.height * scale };
}

/** The logo's box: as large as fits the logo's space, centred. */
function logoBox(logo: ImageSize, top: number): Box {
  const { width, height } = fitted(logo, LOGO_MAX);
  return { x: (PAGE.width - width) / 2, y: top + (LOGO_MAX.height - height) / 2, width, height };
}

/** The signature image's box: as large as fits its space, centred over the line and standing on it, as a signature is written. */
function signatureBox(signature: ImageSize, centre: number, lineY: number): Box {
  const { width, height } = fitted(signature, SIGNATURE_MAX);
  return { x: centre - width / 2, y: lineY - SIGNATURE_GAP - height, width, height };
}

export function certificateLayout(
  texts: CertificateTexts,
  images: { logo: ImageSize | null; signature: ImageSize | null },
  measure: Measure,
): CertificateLayout {
  const { logo } = images;
  const placed: PlacedLine[] = [];
  const strokes: Stroke[] = [];
  const diamonds: Box[] = [];
  const centre = PAGE.width / 2;
  const width = CONTENT.width;

  // The bottom row first: what it leaves above is the middle's.
  // Its quiet zone (white) may pass the content's edge: the code's dark part lines up with the texts.
  const qr: Box = { x: CONTENT.x + width - QR_SIDE + 8, y: ROW_BOTTOM - QR_SIDE, width: QR_SIDE, height: QR_SIDE };
  const rowTop = qr.y;
  const verify = fitStyle(texts.verifyLine, STYLES.verifyLine, width, 2 * STYLES.verifyLine.maxSize * LINE_HEIGHT, measure);
  placed.push(...place(verify, STYLES.verifyLine, PAGE.height - INNER - 10 - verify.height, { centre }));

  // Up to the QR code's box and no further: its quiet zone is the gap.
  const codeRight = qr.x - 2;
  const codeWidth = 210;
  const label = fitStyle(texts.codeLabel, STYLES.codeLabel, codeWidth, STYLES.codeLabel.maxSize * LINE_HEIGHT, measure);
  const code = fitStyle(texts.code, STYLES.code, codeWidth, STYLES.code.maxSize * LINE_HEIGHT, measure);
  const codeTop = qr.y + (QR_SIDE - label.height - 3 - code.height) / 2;
  placed.push(...place(label, STYLES.codeLabel, codeTop, { right: codeRight }));
  placed.push(...place(code, STYLES.code, codeTop + label.height + 3, { right: codeRight }));

  // The image only with the line it stands on: no signer, no signature.
  let signatureAt: Box | null = null;
  if (texts.signerName) {
    const signature = { centre: CONTENT.x + 125, width: 230 };
    const lineY = ROW_BOTTOM - 46;
    if (images.signature) signatureAt = signatureBox(images.signature, signature.centre, lineY);
    strokes.push({
      x1: signature.centre - signature.width / 2,
      y1: lineY,
      x2: signature.centre + signature.width / 2,
      y2: lineY,
      width: 0.8,
      colour: INK,
    });
    const name = fitStyle(texts.signerName, STYLES.signerName, signature.width + 20, STYLES.signerName.maxSize * LINE_HEIGHT, measure);
    placed.push(...place(name, STYLES.signerName, lineY + 6, { centre: signature.centre }));
    const title = fitStyle(
      texts.signerTitle,
      STYLES.signerTitle,
      signature.width + 40,
      2 * STYLES.signerTitle.maxSize * LINE_HEIGHT,
      measure,
    );
    placed.push(...place(title, STYLES.signerTitle, lineY + 8 + name.height, { centre: signature.centre }));
  }

  // The middle, top to bottom, centred in the height between the top margin and the bottom row.
  const gaps = { logo: 18, title: 8, ornament: 16, intro: 8, name: 6, rule: 14, attended: 6, event: 4 };
  const ornament = 8;
  const budget = rowTop - 20 - TOP;
  const title = fitStyle(texts.title, STYLES.title, width, STYLES.title.maxSize * LINE_HEIGHT, measure);
  const intro = fitStyle(texts.intro, STYLES.intro, width, STYLES.intro.maxSize * LINE_HEIGHT, measure);
  const attended = fitStyle(texts.attended, STYLES.attended, width, STYLES.attended.maxSize * LINE_HEIGHT, measure);
  const event = fitStyle(texts.event, STYLES.event, width, 2 * STYLES.event.maxSize * LINE_HEIGHT, measure);
  const heldOn = fitStyle(texts.heldOn, STYLES.heldOn, width, 2 * STYLES.heldOn.maxSize * LINE_HEIGHT, measure);
  const logoHeight = logo ? LOGO_MAX.height + gaps.logo : 0;
  const fixed =
    logoHeight +
    title.height +
    gaps.title +
    ornament +
    gaps.ornament +
    intro.height +
    gaps.intro +
    gaps.name +
    gaps.rule +
    attended.height +
    gaps.attended +
    event.height +
    gaps.event +
    heldOn.height;
  // The name takes what the rest leaves, up to two lines at its largest size. The rest at its
  // longest (every text in two lines) leaves three lines at the smallest size.
  const nameHeight = Math.max(STYLES.name.minSize * LINE_HEIGHT, Math.min(2 * STYLES.name.maxSize * LINE_HEIGHT, budget - fixed));
  const name = fitStyle(texts.name, STYLES.name, width, nameHeight, measure);

  let y = TOP + Math.max(0, (budget - fixed - name.height) / 2);
  const logoAt = logo ? logoBox(logo, y) : null;
  y += logoHeight;
  placed.push(...place(title, STYLES.title, y, { centre }));
  y += title.height + gaps.title;
  // An ornament under the title: a short rule either side of a small diamond.
  const mid = y + ornament / 2;
  strokes.push({ x1: centre - 70, y1: mid, x2: centre - 9, y2: mid, width: 0.8, colour: GREEN });
  strokes.push({ x1: centre + 9, y1: mid, x2: centre + 70, y2: mid, width: 0.8, colour: GREEN });
  diamonds.push({ x: centre - 4, y: mid - 4, width: 8, height: 8 });
  y += ornament + gaps.ornament;
  placed.push(...place(intro, STYLES.intro, y, { centre }));
  y += intro.height + gaps.intro;
  placed.push(...place(name, STYLES.name, y, { centre }));
  y += name.height + gaps.name;
  const ruleHalf = Math.min(width / 2, Math.max(190, (Math.max(...name.lines.map((l) => name.width1(l)), 0) * name.size) / 2 + 24));
  strokes.push({ x1: centre - ruleHalf, y1: y, x2: centre + ruleHalf, y2: y, width: 0.6, colour: HAIRLINE });
  y += gaps.rule;
  placed.push(...place(attended, STYLES.attended, y, { centre }));
  y += attended.height + gaps.attended;
  placed.push(...place(event, STYLES.event, y, { centre }));
  y += event.height + gaps.event;
  placed.push(...place(heldOn, STYLES.heldOn, y, { centre }));

  const frames = [
    { x: OUTER, y: OUTER, width: PAGE.width - 2 * OUTER, height: PAGE.height - 2 * OUTER, line: 2.4 },
    { x: INNER, y: INNER, width: PAGE.width - 2 * INNER, height: PAGE.height - 2 * INNER, line: 0.7 },
  ];
  // A small diamond on each corner of the inner frame.
  for (const [cx, cy] of [
    [INNER, INNER],
    [PAGE.width - INNER, INNER],
    [INNER, PAGE.height - INNER],
    [PAGE.width - INNER, PAGE.height - INNER],
  ] as const) {
    diamonds.push({ x: cx - 5, y: cy - 5, width: 10, height: 10 });
  }
  return { texts: placed, strokes, frames, diamonds, logo: logoAt, signature: signatureAt, qr };
}
