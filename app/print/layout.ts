// The print kit's measures (app/print/): what badges, certificates, posters and the share image
// lay out alike. Points for PDFs, pixels for pictures: the kit does not care which.

export type Box = { x: number; y: number; width: number; height: number };

/** DejaVu Sans' line box (ascent 0.928 + descent 0.236 of the size) and a little air. */
export const LINE_HEIGHT = 1.18;
/** The standard quiet zone of a QR code, in modules: on paper the code may sit next to anything. */
export const QR_QUIET_ZONE = 4;

/** An image's size in pixels: only its proportions matter to a layout. */
export type ImageSize = { width: number; height: number };

/**
 * `image` as large as fits within `max`, its proportions kept: a wide logo takes the width, a
 * tall one the height, and none is ever squeezed. The caller places the box.
 */
export function containSize(image: ImageSize, max: ImageSize): ImageSize {
  if (image.width <= 0 || image.height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(max.width / image.width, max.height / image.height);
  return { width: image.width * scale, height: image.height * scale };
}

/** The kit's two weights of DejaVu Sans (fonts.server.ts). */
export type PrintFont = "regular" | "bold";

/**
 * A line of text where a layout placed it (certificates, posters), drawn as one line, never broken:
 * `y` is the top of its line box; `spacing` is pdfkit's character spacing, in points.
 */
export type PlacedLine = { text: string; x: number; y: number; size: number; font: PrintFont; colour: string; spacing: number };
/**
 * The QR code's dark modules as rectangles inside `box` (a square whose edge holds the quiet
 * zone): one rectangle per horizontal run of dark modules, so a code is a few hundred
 * rectangles of one filled path, crisp at any printer resolution.
 */
export function qrRects(matrix: { size: number; get: (row: number, column: number) => boolean }, box: Box): Box[] {
  const module = box.width / (matrix.size + 2 * QR_QUIET_ZONE);
  const origin = { x: box.x + QR_QUIET_ZONE * module, y: box.y + QR_QUIET_ZONE * module };
  const rects: Box[] = [];
  for (let row = 0; row < matrix.size; row++) {
    let start = -1;
    for (let column = 0; column <= matrix.size; column++) {
      const dark = column < matrix.size && matrix.get(row, column);
      if (dark && start < 0) start = column;
      if (!dark && start >= 0) {
        rects.push({ x: origin.x + start * module, y: origin.y + row * module, width: (column - start) * module, height: module });
        start = -1;
      }
    }
  }
  return rects;
}
