import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";
import { getConfig } from "~/config.server";
import { getDb } from "~/db/db.server";
import { metaTranslator } from "~/i18n/meta";
import { CODE_INPUT_MAX, formatCode, normalizeCode } from "~/modules/certificates/certificate-code";
import { takeVerifySlot, verifyCertificate } from "~/modules/certificates/certificate-verify.server";
import type { Verification } from "~/modules/certificates/verification";
import { VerificationCard } from "~/modules/certificates/verification-card";
import { requestSettings } from "~/modules/settings/request-settings.server";
import type { RouteHandle } from "~/root";
import { MessagePage } from "~/ui/message-page";
import { PRIVATE_HEADERS } from "~/ui/private-page";
import { BUTTON, INPUT } from "~/ui/styles";
import type { Route } from "./+types/verify";

// /verify (a form to type the code) and /verify/<code> (what the certificate's QR code opens):
// whether a certificate of attendance is genuine, for an employer, a scholarship office or the
// NYSC. Plain HTML, no script: the form is a GET to /verify, which redirects to the code's page.
// Every check of a code is counted per network and refused past the ceiling.
export const handle: RouteHandle = { hydrate: false };

type Result = Verification | { state: "too-many"; minutes: number };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const db = await getDb();
  const settings = await requestSettings(context, db);
  const page = { event: settings.event_name, contact: settings.contact_email };
  const typed = new URL(request.url).searchParams.get("code");
  if (params.code === undefined) {
    if (typed === null) return data({ ...page, typed: "", result: null as Result | null }, { headers: PRIVATE_HEADERS });
    // A code typed in any way (spaces, lower case, O for 0) goes to its one address.
    const code = normalizeCode(typed);
    if (code) throw redirect(`/verify/${formatCode(code)}`);
    return data({ ...page, typed: typed.slice(0, CODE_INPUT_MAX), result: { state: "invalid" } as Result }, { headers: PRIVATE_HEADERS });
  }
  const slot = await takeVerifySlot(db, (context as { clientIp?: string }).clientIp ?? "");
  if (!slot.ok) {
    const result: Result = { state: "too-many", minutes: Math.ceil(slot.retryAfter / 60) };
    return data(
      { ...page, typed: params.code, result },
      { status: 429, headers: { ...PRIVATE_HEADERS, "Retry-After": String(slot.retryAfter) } },
    );
  }
  const result: Result = await verifyCertificate(db, params.code, { secret: getConfig().sessionSecret, settings });
  // A code that does not verify answers 404, so link checkers and crawlers see it as nothing.
  return data({ ...page, typed: params.code, result }, { status: result.state === "invalid" ? 404 : 200, headers: PRIVATE_HEADERS });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: metaTranslator(matches)("verify.metaTitle", { event: loaderData?.event ?? "" }) },
  { name: "robots", content: "noindex" },
];

export default function Verify({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { result, typed, contact } = loaderData;
  return (
    <MessagePage titleId="verify-title" title={t("verify.title")}>
      {result ? <VerificationCard result={result} contact={contact} /> : <p className="mt-3 text-gray-700">{t("verify.intro")}</p>}
      <Form method="get" action="/verify" className="mt-6 space-y-3">
        <label htmlFor="code" className="block text-sm font-semibold text-gray-800">
          {result ? t("verify.another") : t("verify.codeLabel")}
        </label>
        <input
          id="code"
          name="code"
          defaultValue={result?.state === "valid" ? "" : typed}
          maxLength={CODE_INPUT_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-describedby="code-hint"
          required
          className={`${INPUT} font-mono tracking-wider uppercase`}
        />
        <p id="code-hint" className="text-sm text-gray-600">
          {t("verify.codeHint")}
        </p>
        <button type="submit" className={`${BUTTON.primary} w-full`}>
          {t("verify.check")}
        </button>
      </Form>
      <p className="mt-6 text-xs text-gray-500">
        {t("verify.privacy")}{" "}
        <Link to="/privacy" className="underline">
          {t("verify.privacyLink")}
        </Link>
      </p>
    </MessagePage>
  );
}
