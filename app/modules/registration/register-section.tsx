import type { SubmissionResult } from "@conform-to/react";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "~/i18n/message-key";
import { RegistrationForm } from "./registration-form";
import { WaitlistJoined } from "./waitlist-joined";

// /register's form section: the registration form while seats are open; once full, the
// waitlist's explanation and the same form joining the line (or where the join went); closed,
// the notice alone.

type FormProps = ComponentProps<typeof RegistrationForm>;

export function RegisterSection({
  page: { status, offerHours, stamp, challenge, sms, whatsapp },
  answer: { result: lastResult, resend, duplicate, emailQuestion, phoneQuestion, waitlisted },
  submittingIntent,
  sendingAgain,
  onClientErrors,
}: {
  page: {
    status: { isOpen: boolean; message: string; waitlist: boolean };
    offerHours: number;
    stamp: string;
    challenge: FormProps["challenge"];
    sms: FormProps["sms"];
    whatsapp?: FormProps["whatsapp"];
  };
  /** The parts of the action's answer this section shows (register-answer.ts). */
  answer: {
    result?: SubmissionResult<string[]>;
    resend?: { place: string; sent: boolean; email?: string; error?: string };
    duplicate?: boolean;
    emailQuestion?: FormProps["emailQuestion"];
    phoneQuestion?: FormProps["phoneQuestion"];
    waitlisted?: Omit<ComponentProps<typeof WaitlistJoined>, "offerHours">;
  };
  /** The intent of the post under way ("register", "waitlist"), null when none or when only the ticket is asked for again. */
  submittingIntent: FormDataEntryValue | null | undefined;
  sendingAgain: boolean;
  onClientErrors: (message: string) => void;
}) {
  // An address already registered: the form offers the ticket again, and answers there.
  const ticketAgain = resend?.place === "form" ? resend : duplicate ? { sent: false } : null;
  const { t } = useTranslation();
  return (
    <section aria-labelledby="form-heading" className="mt-8 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-8">
      <h2 id="form-heading" className="mb-6 text-xl font-bold text-gray-900">
        {status.isOpen || !status.waitlist ? t("register.formHeading") : t("register.waitlistHeading")}
      </h2>
      {status.isOpen ? (
        <RegistrationForm
          stamp={stamp}
          challenge={challenge}
          lastResult={lastResult}
          submitting={submittingIntent === "register"}
          onClientErrors={onClientErrors}
          ticketAgain={ticketAgain}
          emailQuestion={emailQuestion}
          phoneQuestion={phoneQuestion}
          sendingAgain={sendingAgain}
          sms={sms}
          whatsapp={whatsapp}
        />
      ) : waitlisted ? (
        <WaitlistJoined {...waitlisted} offerHours={offerHours} />
      ) : (
        <>
          <div role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-6 text-center">
            <p className="text-lg font-semibold text-amber-900">{translateMessage(t, status.message)}</p>
            <p className="mt-2 text-sm text-amber-800">
              {status.waitlist ? t("register.waitlistExplain", { count: offerHours }) : t("register.notAvailable")}
            </p>
          </div>
          {status.waitlist ? (
            <div className="mt-6">
              <RegistrationForm
                stamp={stamp}
                intent="waitlist"
                lastResult={lastResult}
                submitting={submittingIntent === "waitlist"}
                onClientErrors={onClientErrors}
                ticketAgain={ticketAgain}
                emailQuestion={emailQuestion}
                sendingAgain={sendingAgain}
                sms={sms}
                whatsapp={whatsapp}
              />
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
