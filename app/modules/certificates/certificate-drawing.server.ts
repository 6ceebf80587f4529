import type { DbOrTx } from "~/db/client.server";
import type { CertificateSettings as CertificateColumns, certificates } from "~/db/schema";
import { languageOr } from "~/i18n/languages";
import { readImage } from "~/modules/media/media.server";
import { localizedSettings, type TranslatedSettings } from "~/modules/settings/localized-settings";
import type { EventSettings } from "~/modules/settings/settings.server";
import type { TicketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { loadPrintImage, type PrintImageUse, type ReadStoredImage } from "~/print/image.server";
import { formatCode } from "./certificate-code";
import { certificateCode } from "./certificate-code.server";
import type { CertificatePdfInput } from "./certificate-pdf.server";
import { drawCertificatePdf } from "./pdf-thread.server";

// What a certificate shows, from its row and the settings, for the e-mail's PDF and the ticket
// page's download: the signer's title in the certificate's language (the name as it is). The
// logo and the signature image are named by their addresses, not their bytes, until drawn: our
// uploads' addresses are their content's hash, so the address is the image's identity, and a
// download kept by its content (certificate-download.server.ts) need not read the images to be
// found.

/** Where anyone checks a certificate: the address its QR code carries. */
export function verifyUrl(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/verify/${formatCode(code)}`;
}

export type CertificateRow = Pick<typeof certificates.$inferSelect, "serial" | "event_name" | "event_date" | "venue" | "language"> & {
  full_name: string;
};
export type CertificateSettings = Pick<EventSettings, "logo_url"> &
  Pick<CertificateColumns, "certificate_signer_name" | "certificate_signature_url"> &
  TranslatedSettings;

/** Everything a certificate draws, the logo and the signature image by their addresses. */
export type CertificateDrawing = Omit<CertificatePdfInput, "logo" | "signature"> & { logoUrl: string; signatureUrl: string };

export function certificateDrawing(certificate: CertificateRow, settings: CertificateSettings, keys: TicketLinkKeys): CertificateDrawing {
  const code = certificateCode(certificate.serial, keys.secret);
  const language = languageOr(certificate.language);
  return {
    fullName: certificate.full_name,
    eventName: certificate.event_name,
    eventDate: certificate.event_date,
    venue: certificate.venue,
    language,
    signerName: settings.certificate_signer_name,
    // The title in Hausa on a Hausa certificate, English where none is given.
    signerTitle: localizedSettings(settings, language).certificate_signer_title,
    logoUrl: settings.logo_url,
    signatureUrl: settings.certificate_signature_url,
    code,
    verifyUrl: verifyUrl(keys.publicUrl, code),
  };
}

/**
 * The logo and the signature as a certificate prints them: at most 4 pixels a point of their
 * boxes (certificate-layout.ts), about 290 dpi. The logo from the 640 px copy, plenty for one
 * printed some 4 cm wide; the signature as stored (at most 1600 px, small: ink on a plain ground).
 */
export const CERTIFICATE_LOGO: PrintImageUse = { name: "logo", readWidth: 640, maxSize: { width: 760, height: 248 } };
export const CERTIFICATE_SIGNATURE: PrintImageUse = { name: "signature", maxSize: { width: 800, height: 200 } };

/** The drawing's input with the images ready to print: the organisers' uploads, or none (unset, gone, unreadable). */
export async function withImages(db: DbOrTx, { logoUrl, signatureUrl, ...drawing }: CertificateDrawing): Promise<CertificatePdfInput> {
  const read: ReadStoredImage = (id, width) => readImage(db, id, width);
  const [logo, signature] = await Promise.all([
    loadPrintImage(logoUrl, read, CERTIFICATE_LOGO),
    // Without a signer there is no line for it: not read at all.
    drawing.signerName.trim() ? loadPrintImage(signatureUrl, read, CERTIFICATE_SIGNATURE) : null,
  ]);
  return { ...drawing, logo, signature };
}

/** The certificate PDF of a certificate row, for the e-mail (drawn in the certificates' thread when there is one). */
export async function certificatePdf(
  db: DbOrTx,
  certificate: CertificateRow,
  settings: CertificateSettings,
  keys: TicketLinkKeys,
): Promise<Buffer> {
  return drawCertificatePdf(await withImages(db, certificateDrawing(certificate, settings, keys)));
}
