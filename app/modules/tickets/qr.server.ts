import QRCode from "qrcode";
import sharp from "sharp";

// Error correction M survives a scratched screen or a crumpled print-out while keeping
// the code small; a 2-module quiet zone is enough for phone scanners and saves space.
const OPTIONS = { errorCorrectionLevel: "M", margin: 2 } as const;

/**
 * PNG bytes, `size` pixels square (for e-mail, where SVG is not shown). The
 * modules are drawn as whole pixels into a 1-bit buffer and encoded by sharp (libvips),
 * several times faster than the qrcode package's own PNG encoder.
 */
export async function qrPng(text: string, { size = 480 }: { size?: number } = {}): Promise<Buffer> {
  const qr = QRCode.create(text, { errorCorrectionLevel: OPTIONS.errorCorrectionLevel });
  const modules = qr.modules.size;
  const span = modules + OPTIONS.margin * 2;
  const scale = Math.max(1, Math.round(size / span));
  const width = span * scale;
  const pixels = Buffer.alloc(width * width, 255);
  for (let y = 0; y < modules; y++) {
    for (let x = 0; x < modules; x++) {
      if (!qr.modules.get(y, x)) continue;
      const left = (x + OPTIONS.margin) * scale;
      for (let dy = 0; dy < scale; dy++) {
        const row = ((y + OPTIONS.margin) * scale + dy) * width;
        pixels.fill(0, row + left, row + left + scale);
      }
    }
  }
  return sharp(pixels, { raw: { width, height: width, channels: 1 } })
    .resize(size, size, { kernel: "nearest" })
    .png({ palette: true, colours: 2, compressionLevel: 9 })
    .toBuffer();
}

/** SVG markup without fixed size: it scales to its container and stays crisp in print. */
export async function qrSvg(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { ...OPTIONS, type: "svg" });
  return svg.trim();
}
