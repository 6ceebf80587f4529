// node --import tsx bench/upload.ts — how long storeImage takes for a phone photo: a 4000×3000
// JPEG of about 4 MB (quality 92, EXIF with a GPS position), checked, decoded, re-encoded to WebP and
// stored in an in-memory PGlite. One warm-up, then the median of 7 runs (each a new row).
import os from "node:os";
import sharp from "sharp";
import { openDbConnection } from "~/db/client.server";
import { media } from "~/db/schema";
import { storeImage } from "~/modules/media/media.server";

const RUNS = 7;

async function phonePhoto(): Promise<Buffer> {
  const [width, height] = [4000, 3000];
  // Blurred noise: fine detail a JPEG encoder cannot squeeze, like a real photo's, at a realistic size.
  const noise = await sharp({
    create: { width, height, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 35 } },
  })
    .raw()
    .toBuffer();
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .blur(1)
    .withExif({
      IFD0: { Make: "Phone", Model: "Camera 12" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "12/1 10/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "6/1 14/1 0/1" },
    })
    .jpeg({ quality: 92 })
    .toBuffer();
}

const connection = await openDbConnection({ kind: "memory" });
try {
  const bytes = await phonePhoto();
  const file = { type: "image/jpeg", size: bytes.length, bytes };
  const meta = await sharp(bytes).metadata();
  console.log(
    `input: ${meta.width}×${meta.height} JPEG, ${(bytes.length / 1024 / 1024).toFixed(2)} MB, EXIF ${meta.exif?.length ?? 0} bytes`,
  );
  const times: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    await connection.db.delete(media);
    const start = performance.now();
    const stored = await storeImage(connection.db, file);
    const ms = performance.now() - start;
    if (run === 0) console.log(`stored: ${stored.width}×${stored.height} WebP (warm-up ${ms.toFixed(0)} ms)`);
    else times.push(ms);
  }
  times.sort((a, b) => a - b);
  console.log(`runs (ms): ${times.map((t) => t.toFixed(0)).join(", ")}`);
  console.log(
    `storeImage median of ${RUNS}: ${times[Math.floor(RUNS / 2)]?.toFixed(0)} ms (${os.cpus().length} CPUs, libvips threads ${sharp.concurrency()}, node ${process.version})`,
  );
} finally {
  await connection.close();
}
