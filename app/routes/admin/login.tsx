import { Form, redirect, useNavigation } from "react-router";
import { signInAction } from "~/modules/auth/actions.server";
import { PasswordField } from "~/modules/auth/password-field";
import { clientIp, getOptionalAdmin } from "~/modules/auth/session.server";
import { safeRedirectTo } from "~/modules/auth/session-policy";
import { SignInFrame } from "~/modules/auth/sign-in-frame";
import { siteName, useSiteName } from "~/root";
import { MailIcon } from "~/ui/icons";
import { readForm } from "~/ui/read-form.server";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) => {
  return [{ title: `Admin Login — ${siteName(matches[0]?.loaderData)}` }, { name: "robots", content: "noindex, nofollow" }];
};

// A refusal's Retry-After (too many tries) reaches the browser on a page request too.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirectTo(new URL(request.url).searchParams.get("redirectTo"));
  if (await getOptionalAdmin(request)) throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  return signInAction(request, await readForm(request), clientIp(context));
}

const INPUT =
  "block w-full rounded-lg border bg-white py-2.5 pr-3.5 pl-10 text-gray-900 shadow-sm placeholder:text-gray-400 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30";

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction === "/admin/login";
  const name = useSiteName();
  const fieldErrors = actionData?.fieldErrors ?? {};
  const error = actionData?.error;

  return (
    <SignInFrame
      siteName={name}
      title="Admin Login"
      intro="Sign in to manage attendees, content and event settings."
      error={error}
      toast={actionData?.toast}
    >
      <Form method="post" className="mt-6 space-y-5">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <div>
          <label htmlFor="email" className="mb-1.5 block text-sm font-medium text-gray-800">
            Email Address
          </label>
          <div className="relative">
            <span className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-gray-400">
              <MailIcon className="h-5 w-5" />
            </span>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="username"
              inputMode="email"
              required
              defaultValue={actionData?.email ?? ""}
              aria-invalid={fieldErrors.email ? true : undefined}
              aria-describedby={error ? "login-error" : undefined}
              className={`${INPUT} ${fieldErrors.email ? "border-red-500" : "border-gray-300"}`}
              placeholder="admin@example.org"
            />
          </div>
        </div>
        <div>
          <label htmlFor="password" className="mb-1.5 block text-sm font-medium text-gray-800">
            Password
          </label>
          <PasswordField
            id="password"
            name="password"
            invalid={Boolean(fieldErrors.password || fieldErrors.email)}
            describedBy={error ? "login-error" : undefined}
            inputKey={actionData?.toast.id}
          />
        </div>
        {actionData?.withCode ? (
          // Past the account's ceilings: the code with the password signs in now (sign-in.server.ts).
          <div>
            <label htmlFor="code" className="mb-1.5 block text-sm font-medium text-gray-800">
              Authentication code
            </label>
            <input
              id="code"
              name="code"
              type="text"
              autoComplete="one-time-code"
              spellCheck={false}
              aria-invalid={fieldErrors.code ? true : undefined}
              aria-describedby={error ? "login-error" : undefined}
              className={`${INPUT.replace("pl-10", "pl-3.5")} ${fieldErrors.code ? "border-red-500" : "border-gray-300"}`}
              placeholder="123456"
            />
            <p className="mt-1 text-sm text-gray-600">The 6-digit code from your authenticator app, or a recovery code.</p>
          </div>
        ) : null}
        <button
          type="submit"
          disabled={submitting}
          className="flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-wait disabled:opacity-70"
        >
          {submitting ? (
            <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
          ) : null}
          {submitting ? "Signing In..." : "Sign In to Dashboard"}
        </button>
      </Form>
    </SignInFrame>
  );
}
