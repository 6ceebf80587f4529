// The threads that draw saved tickets (app/modules/badges/drawing-pool.server.ts): piscina loads
// this file in each of its threads and runs its default export, taken from the server bundle
// that `npm run build` compiled. The pool itself lowers the threads' priority (niceIncrement).
const { drawTicketInThread } = await import("../build/server/index.js");
export default drawTicketInThread;
