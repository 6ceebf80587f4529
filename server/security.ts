import { randomBytes } from "node:crypto";
import type { RequestHandler, Response } from "express";
import helmet from "helmet";
import type { Config } from "~/config.server";
import { isAdminPath } from "./admin-path";

// The browser policy of every response, set by helmet: a Content-Security-Policy whose
// scripts are our own files plus inline scripts carrying this request's nonce (React
// Router's state and module loader, the landing page's small script), and the usual
// headers around it. CSP_REPORT_ONLY=true reports violations instead of enforcing them.

declare global {
  namespace Express {
    interface Locals {
      cspNonce: string;
    }
  }
}

// The e-mail previews answer with a stricter policy of their own (a sandbox, nothing but
// inline styles and data: images) and are framed by the operations screen.
const OWN_POLICY = /^\/admin\/operations\/preview\//;

const nonceSource = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce}'`;

function policy(config: Config, { framed }: { framed: boolean }) {
  const https = config.publicUrl.startsWith("https:");
  return helmet({
    contentSecurityPolicy: framed
      ? false
      : {
          useDefaults: false,
          reportOnly: config.cspReportOnly,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", nonceSource],
            // React sets style attributes (charts, the drag overlay); styles cannot run code.
            styleSrc: ["'self'", "'unsafe-inline'"],
            // data: for inline SVG and the QR code; blob: for an upload's preview before it is sent.
            imgSrc: ["'self'", "data:", "blob:"],
            fontSrc: ["'self'"],
            // blob: the upload field reads back the file it previews.
            connectSrc: ["'self'", "blob:"],
            // The e-mail previews, our own pages.
            frameSrc: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'none'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
            reportUri: ["/csp-report"],
            ...(https ? { upgradeInsecureRequests: [] } : {}),
          },
        },
    // Images in e-mails and on other sites may show our uploads; everything else is ours alone.
    crossOriginResourcePolicy: { policy: "same-site" },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: framed ? { action: "sameorigin" } : { action: "deny" },
    xContentTypeOptions: true,
  });
}

// The camera serves the check-in screen, an admin page that is often reached by a link
// inside the admin (one document): admin documents may use it, no other page may, and
// nothing may use the other powerful features.
const PERMISSIONS = "accelerometer=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()";

export function securityHeaders(config: Config): RequestHandler {
  const everyPage = policy(config, { framed: false });
  const preview = policy(config, { framed: true });
  return (req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    const admin = isAdminPath(req.path);
    res.setHeader("Permissions-Policy", `camera=${admin ? "(self)" : "()"}, ${PERMISSIONS}`);
    (OWN_POLICY.test(req.path) ? preview : everyPage)(req, res, (error?: unknown) => {
      // Uploads and the link cards' pictures may be shown by other sites and apps.
      if (req.path.startsWith("/media/") || req.path.startsWith("/share/")) res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
      next(error);
    });
  };
}
