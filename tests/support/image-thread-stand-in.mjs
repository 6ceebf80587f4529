// server/image-thread.js for tests: the same task from the sources instead of the built bundle,
// compiled by tsx in the thread (app/modules/badges/drawing-pool.server.test.ts).
import { register } from "tsx/esm/api";

register();
const { drawTicketInThread } = await import("../../app/modules/badges/drawing-pool.server.ts");
export default drawTicketInThread;
