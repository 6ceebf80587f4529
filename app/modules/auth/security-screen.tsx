import { Form } from "react-router";
import { Card } from "~/ui/card";
import { FormField } from "~/ui/form-field";
import { Notice } from "~/ui/notice";
import { BUTTON, INPUT } from "~/ui/styles";
import { CodeField, EnrolmentDetails, type EnrolmentView, RecoveryCodes } from "./two-factor-ui";

// The Account security page: two-step sign-in on, off, set up, and new recovery codes.

type Page = {
  status: { enrolled: boolean; enrolling: boolean; recoveryCodesLeft: number };
  enrolment: EnrolmentView | null;
  required: boolean;
};
type Result = { intent: string; error: string | null; recoveryCodes: string[] | null } | undefined;

/** A current code or the password: what turning off or replacing codes asks for. */
function ProofForm({ intent, label, tone, error }: { intent: string; label: string; tone: "secondary" | "danger"; error?: string | null }) {
  const id = `proof-${intent}`;
  return (
    <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value={intent} />
      <div className="min-w-56 flex-1">
        <FormField label="A current code or your password" id={id} errorId={`${id}-error`} error={error ?? undefined}>
          <input id={id} name="proof" type="password" required autoComplete="current-password" className={INPUT} />
        </FormField>
      </div>
      <button type="submit" className={`${BUTTON[tone]} py-2.5`}>
        {label}
      </button>
    </Form>
  );
}

export function SecurityScreen({ page, result }: { page: Page; result: Result }) {
  const { status, enrolment } = page;
  const error = result?.error ?? null;
  const lastIntent = result?.intent ?? null;
  return (
    <div className="mx-auto max-w-2xl space-y-5">
      {page.required && !status.enrolled ? (
        <Notice tone="warning" testId="two-factor-required">
          Organiser accounts on this site sign in with a password and a code from an authenticator app. Set it up below to go on using the
          admin.
        </Notice>
      ) : null}
      {result?.recoveryCodes ? <RecoveryCodes codes={result.recoveryCodes} /> : null}

      <Card title="Two-step sign-in" level={2}>
        {status.enrolled ? (
          <div className="space-y-4 text-gray-800">
            <p>
              <strong>On.</strong> After your password, the sign-in asks for the code from your authenticator app.{" "}
              {`${status.recoveryCodesLeft} of 10 recovery codes left.`}
            </p>
            <div>
              <h3 className="font-semibold text-gray-900">New recovery codes</h3>
              <p className="text-sm text-gray-600">The old codes stop working.</p>
              <ProofForm intent="regenerate" label="Make new codes" tone="secondary" error={lastIntent === "regenerate" ? error : null} />
            </div>
            <div>
              <h3 className="font-semibold text-gray-900">Turn off</h3>
              <p className="text-sm text-gray-600">To move to a new phone, turn it off here and set it up again.</p>
              <ProofForm intent="disable" label="Turn off two-step sign-in" tone="danger" error={lastIntent === "disable" ? error : null} />
            </div>
          </div>
        ) : enrolment ? (
          <div className="space-y-4">
            <EnrolmentDetails enrolment={enrolment} />
            <Form method="post" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="confirm" />
              <div className="min-w-56 flex-1">
                <CodeField error={error} />
              </div>
              <button type="submit" className={`${BUTTON.primary} py-2.5`}>
                Turn on
              </button>
            </Form>
          </div>
        ) : (
          <div className="space-y-3 text-gray-800">
            <p>
              <strong>Off.</strong> Your password alone signs you in. With two-step sign-in, someone who learns your password still cannot
              get in without your phone.
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="start" />
              <button type="submit" className={BUTTON.primary}>
                Set up an authenticator app
              </button>
            </Form>
          </div>
        )}
      </Card>
    </div>
  );
}
