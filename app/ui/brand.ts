// The brand's colours for what the style sheet does not reach: e-mails, PDFs, pictures drawn on
// the server and the browser's theme colour. The same values as app.css's --color-brand-* and
// --color-accent-* (Tailwind reads those; brand.test.ts keeps the two in step).
export const BRAND = {
  50: "#ecfdf3",
  100: "#d1fadf",
  200: "#a6f4c5",
  300: "#6ce9a6",
  500: "#16a34a",
  600: "#15803d",
  700: "#166534",
  800: "#14532d",
  900: "#0b3b20",
} as const;

export const ACCENT = { 400: "#facc15", 500: "#eab308" } as const;
