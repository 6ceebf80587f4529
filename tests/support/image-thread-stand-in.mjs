// server/image-thread.js for tests: the same tasks from the sources instead of the built bundle,
// compiled by tsx in the thread (app/modules/badges/drawing-pool.server.test.ts).
import { register } from "tsx/esm/api";

register();
const { drawTicketInThread } = await import("../../app/modules/badges/drawing-pool.server.ts");
const { drawCertificateInThread } = await import("../../app/modules/certificates/pdf-thread.server.ts");

export { drawCertificateInThread, drawTicketInThread };
