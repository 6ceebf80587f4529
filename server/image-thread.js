// The threads that draw pictures per person (app/modules/badges/drawing-pool.server.ts): piscina
// loads this file in each of its threads and runs the task a drawing names (its PoolTask), taken
// from the server bundle that `npm run build` compiled. The pool itself lowers the threads'
// priority (niceIncrement).
const { drawTicketInThread, drawCertificateInThread } = await import("../build/server/index.js");

export { drawCertificateInThread, drawTicketInThread };
