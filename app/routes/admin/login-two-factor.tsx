import { Form, Link, useNavigation } from "react-router";
import { secondFactorAction, secondFactorPage } from "~/modules/auth/actions.server";
import { clientIp } from "~/modules/auth/session.server";
import { AUTH_MESSAGES } from "~/modules/auth/session-policy";
import { SignInFrame } from "~/modules/auth/sign-in-frame";
import { CodeField, EnrolmentDetails, RecoveryCodes } from "~/modules/auth/two-factor-ui";
import { siteName, useSiteName } from "~/root";
import { readForm } from "~/ui/read-form.server";
import { BUTTON } from "~/ui/styles";
import type { Route } from "./+types/login-two-factor";

// /admin/login/two-factor: the second step of signing in, after the password. The code from
// the authenticator app (or a recovery code); or, for an organiser who must have one, setting
// the app up. The session starts only when this step succeeds.

export const meta: Route.MetaFunction = ({ matches }) => {
  return [{ title: `Two-step sign-in — ${siteName(matches[0]?.loaderData)}` }, { name: "robots", content: "noindex, nofollow" }];
};

// A refusal's Retry-After (too many tries) reaches the browser on a page request too.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader({ request }: Route.LoaderArgs) {
  return secondFactorPage(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return secondFactorAction(request, await readForm(request), clientIp(context));
}

const SUBMIT = `${BUTTON.primary} w-full py-3`;

export default function SecondFactor({ loaderData, actionData }: Route.ComponentProps) {
  const name = useSiteName();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const error = actionData?.error ?? null;

  if (actionData?.recoveryCodes && actionData.next) {
    return (
      <SignInFrame siteName={name} title="Two-step sign-in is on" intro="You are signed in." toast={actionData.toast} wide>
        <div className="mt-5 space-y-5">
          <RecoveryCodes codes={actionData.recoveryCodes} />
          <a href={actionData.next} className={SUBMIT}>
            I have saved my codes: continue
          </a>
        </div>
      </SignInFrame>
    );
  }
  if (!loaderData.step) {
    return (
      <SignInFrame siteName={name} title="Two-step sign-in" intro={AUTH_MESSAGES.pendingExpired}>
        <Link to="/admin/login" className={`${SUBMIT} mt-5`}>
          Sign in again
        </Link>
      </SignInFrame>
    );
  }

  const enrolling = loaderData.step === "enrol";
  return (
    <SignInFrame
      siteName={name}
      title={enrolling ? "Set up two-step sign-in" : "Two-step sign-in"}
      intro={
        enrolling
          ? `Organiser accounts sign in with a password and a code from an authenticator app. Set one up for ${loaderData.email}.`
          : `Enter the code from your authenticator app for ${loaderData.email}.`
      }
      error={error}
      toast={actionData?.toast}
      wide={enrolling}
    >
      <div className="mt-6 space-y-5">
        {enrolling && loaderData.enrolment ? <EnrolmentDetails enrolment={loaderData.enrolment} /> : null}
        <Form method="post" className="space-y-5">
          <CodeField
            key={actionData?.toast?.id}
            error={error}
            description={enrolling ? "The 6 digits your app shows now." : "Lost your phone? Type one of your recovery codes instead."}
          />
          <button type="submit" disabled={busy} className={SUBMIT}>
            {enrolling ? "Turn on and sign in" : "Verify"}
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <button type="submit" className={`${BUTTON.secondary} w-full`}>
            Start again
          </button>
        </Form>
      </div>
    </SignInFrame>
  );
}
