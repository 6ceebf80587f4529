import { writeFileSync } from "node:fs";
import QRCode from "qrcode";
import sharp from "sharp";

// A camera for browser tests: Chromium plays a Y4M file as the webcam when started with
// --use-fake-device-for-media-stream --use-file-for-fake-video-capture=<file>. The file
// shows one QR code on white, like a ticket held up to the door's phone.

const WIDTH = 640;
const HEIGHT = 480;

export async function writeQrVideo(file: string, text: string): Promise<void> {
  const qr = await QRCode.toBuffer(text, { type: "png", margin: 4, width: 360, errorCorrectionLevel: "M" });
  const rgb = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: "#ffffff" } })
    .composite([{ input: qr, gravity: "centre" }])
    .removeAlpha()
    .raw()
    .toBuffer();
  // RGB to I420 (BT.601): a full-size luma plane, then quarter-size chroma planes.
  const y = Buffer.alloc(WIDTH * HEIGHT);
  const u = Buffer.alloc((WIDTH * HEIGHT) / 4);
  const v = Buffer.alloc((WIDTH * HEIGHT) / 4);
  for (let row = 0; row < HEIGHT; row++) {
    for (let col = 0; col < WIDTH; col++) {
      const i = (row * WIDTH + col) * 3;
      const [r, g, b] = [rgb[i] ?? 0, rgb[i + 1] ?? 0, rgb[i + 2] ?? 0];
      y[row * WIDTH + col] = Math.round(0.257 * r + 0.504 * g + 0.098 * b + 16);
      if (row % 2 === 0 && col % 2 === 0) {
        const c = (row / 2) * (WIDTH / 2) + col / 2;
        u[c] = Math.round(-0.148 * r - 0.291 * g + 0.439 * b + 128);
        v[c] = Math.round(0.439 * r - 0.368 * g - 0.071 * b + 128);
      }
    }
  }
  const frame = Buffer.concat([Buffer.from("FRAME\n"), y, u, v]);
  const frames = Array.from({ length: 5 }, () => frame);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), ...frames]));
}
