import sharp from "sharp";

// Images that stand in for real uploads. A flat colour compresses to almost nothing and
// would flatter every byte count, so a portrait here is what a phone or a press photo gives
// once cropped: 800×800 JPEG, a lit background, a head and shoulders, skin and cloth tones
// and texture at every scale (about 120 KB). Logos are flat-colour PNGs of varied proportions, as
// organisations send them.

/** A number in [0, 1) from an integer seed, so every run uploads the same bytes. */
function seeded(seed: number): () => number {
  let state = seed * 2654435761;
  return () => {
    state = (state ^ (state >>> 15)) * 2246822507;
    state = (state ^ (state >>> 13)) * 3266489909;
    state ^= state >>> 16;
    return (state >>> 0) / 4294967296;
  };
}

const SKIN = ["#8d5524", "#c68642", "#6b3e26", "#a0673c", "#5a3825", "#e0ac69"];
const CLOTH = ["#1f3b73", "#f2f2f2", "#2e6b3a", "#7a1f3d", "#d9a21b", "#3c3c3c", "#9c4f96"];

export async function portraitJpeg(seed: number): Promise<Buffer> {
  const random = seeded(seed + 1);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const hue = Math.floor(random() * 360);
  const skin = pick(SKIN);
  const cloth = pick(CLOTH);
  const size = 800;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <defs>
      <radialGradient id="bg" cx="${30 + random() * 40}%" cy="30%" r="90%">
        <stop offset="0" stop-color="hsl(${hue},35%,78%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},30%,28%)"/>
      </radialGradient>
      <radialGradient id="face" cx="40%" cy="35%" r="70%">
        <stop offset="0" stop-color="${skin}" stop-opacity="0.55"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/>
      </radialGradient>
      <linearGradient id="cloth" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="${cloth}"/><stop offset="1" stop-color="#111"/>
      </linearGradient>
    </defs>
    <rect width="100%" height="100%" fill="url(#bg)"/>
    <ellipse cx="${400 + (random() - 0.5) * 60}" cy="860" rx="330" ry="300" fill="url(#cloth)"/>
    <rect x="350" y="480" width="100" height="120" fill="${skin}"/>
    <ellipse cx="400" cy="370" rx="${130 + random() * 25}" ry="${165 + random() * 25}" fill="${skin}"/>
    <ellipse cx="400" cy="370" rx="150" ry="185" fill="url(#face)"/>
    <ellipse cx="350" cy="350" rx="18" ry="10" fill="#1a1a1a"/><ellipse cx="450" cy="350" rx="18" ry="10" fill="#1a1a1a"/>
    <path d="M355 455 Q400 ${475 + random() * 15} 445 455" stroke="#3b1f14" stroke-width="8" fill="none"/>
    <ellipse cx="400" cy="235" rx="150" ry="${60 + random() * 30}" fill="${random() < 0.5 ? "#f5f5f5" : "#1b1b1b"}"/>
  </svg>`;
  // Detail at every scale, as hair, cloth and a background have: a downscaled photo keeps
  // texture, where fine grain alone would average away to a flat, tiny file.
  const layers = [];
  for (const scale of [25, 50, 100, 200, 400]) {
    const noise = await sharp({
      create: { width: scale, height: scale, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 22 } },
    })
      // Light and shade, not coloured speckle: a camera's noise is mostly in the luminance.
      .greyscale()
      .toColourspace("srgb")
      .resize(size, size, { kernel: "cubic" })
      .png()
      .toBuffer();
    layers.push({ input: noise, blend: "soft-light" as const });
  }
  return sharp(Buffer.from(svg)).composite(layers).blur(0.5).jpeg({ quality: 85 }).toBuffer();
}

const LOGO_SHAPES = [
  { width: 480, height: 240 },
  { width: 600, height: 200 },
  { width: 400, height: 400 },
  { width: 520, height: 260 },
  { width: 360, height: 240 },
] as const;

export async function logoPng(seed: number, text: string): Promise<Buffer> {
  const random = seeded(seed + 101);
  const { width, height } = LOGO_SHAPES[seed % LOGO_SHAPES.length]!;
  const hue = Math.floor(random() * 360);
  const mark = Math.min(width, height) * 0.7;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#fff"/>
    <circle cx="${height / 2}" cy="${height / 2}" r="${mark / 2}" fill="hsl(${hue},60%,40%)"/>
    <path d="M${height / 2 - mark / 4} ${height / 2 + mark / 5} L${height / 2} ${height / 2 - mark / 4} L${height / 2 + mark / 4} ${height / 2 + mark / 5}Z" fill="#fff"/>
    <text x="${height * 0.95}" y="${height * 0.58}" font-family="DejaVu Sans" font-weight="bold" font-size="${height * 0.22}" fill="hsl(${hue},50%,25%)">${text}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
