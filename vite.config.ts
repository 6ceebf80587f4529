import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The packages the server bundle loads from node_modules at run time: native code (sharp,
// argon2), files read beside their code (PGlite's WebAssembly, pdfkit's font metrics, DejaVu),
// and a few that load modules by name (pg's optional native driver, pino's thread-stream,
// nodemailer's transports, piscina's worker file for its threads). Every other library is
// compiled into the bundle, so a production install (`npm install --omit=dev`, the container
// image) needs only these "dependencies" in package.json; the rest are devDependencies: the
// browser's libraries, the type checker and the formatter that some of them bring as peers
// never reach a server.
const RUNTIME_PACKAGES = ["sharp", "@node-rs/argon2", "@electric-sql/pglite", "pdfkit", "pg", "pino", "nodemailer", "piscina"];

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is our Express app, so server code is compiled once, by Vite.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : {},
  ssr: isSsrBuild ? { noExternal: true, external: RUNTIME_PACKAGES } : {},
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
}));
