// Production entry: runs the server bundle that `npm run build` compiled from server/app.ts.
const { main } = await import("../build/server/index.js");
await main();
