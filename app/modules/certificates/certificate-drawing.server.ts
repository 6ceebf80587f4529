import type { DbOrTx } from "~/db/client.server";
import type { CertificateSettings as CertificateColumns, certificates } from "~/db/schema";
import { languageOr } from "~/i18n/languages";
import { readImage } from "~/modules/media/media.server";
import type { EventSettings } from "~/modules/settings/settings.server";
import type { TicketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { formatCode } from "./certificate-code";
import { certificateCode } from "./certificate-code.server";
import type { CertificatePdfInput } from "./certificate-pdf.server";
import { drawCertificatePdf } from "./pdf-thread.server";

// What a certificate shows, from its row and the settings, for the e-mail's PDF and the ticket
// page's download. The logo is named by its address, not its bytes, until it is drawn: our
// uploads' addresses are their content's hash, so the address is the logo's identity, and a
// download kept by its content (certificate-download.server.ts) need not read the image to be
// found.

/** Where anyone checks a certificate: the address its QR code carries. */
export function verifyUrl(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/verify/${formatCode(code)}`;
}

export type CertificateRow = Pick<typeof certificates.$inferSelect, "serial" | "event_name" | "event_date" | "venue" | "language"> & {
  full_name: string;
};
export type CertificateSettings = Pick<EventSettings, "logo_url"> &
  Pick<CertificateColumns, "certificate_signer_name" | "certificate_signer_title">;

/** Everything a certificate draws, the logo by its address. */
export type CertificateDrawing = Omit<CertificatePdfInput, "logo"> & { logoUrl: string };

export function certificateDrawing(certificate: CertificateRow, settings: CertificateSettings, keys: TicketLinkKeys): CertificateDrawing {
  const code = certificateCode(certificate.serial, keys.secret);
  return {
    fullName: certificate.full_name,
    eventName: certificate.event_name,
    eventDate: certificate.event_date,
    venue: certificate.venue,
    language: languageOr(certificate.language),
    signerName: settings.certificate_signer_name,
    signerTitle: settings.certificate_signer_title,
    logoUrl: settings.logo_url,
    code,
    verifyUrl: verifyUrl(keys.publicUrl, code),
  };
}

/** The drawing's input with the logo's bytes: the organisers' logo as stored (one of our uploads), or none. */
export async function withLogo(db: DbOrTx, { logoUrl, ...drawing }: CertificateDrawing): Promise<CertificatePdfInput> {
  const id = /^\/media\/([0-9a-f]{64})\.webp$/.exec(logoUrl)?.[1];
  // 640 px wide is plenty for a logo printed some 4 cm wide, and the resized copy is cached. A
  // logo elsewhere on the web is not fetched.
  return { ...drawing, logo: id ? await readImage(db, id, 640) : null };
}

/** The certificate PDF of a certificate row, for the e-mail (drawn in the certificates' thread when there is one). */
export async function certificatePdf(
  db: DbOrTx,
  certificate: CertificateRow,
  settings: CertificateSettings,
  keys: TicketLinkKeys,
): Promise<Buffer> {
  return drawCertificatePdf(await withLogo(db, certificateDrawing(certificate, settings, keys)));
}
