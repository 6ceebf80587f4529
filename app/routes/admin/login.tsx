import { Form, Link, redirect, useNavigation } from "react-router";
import { signInAction } from "~/modules/auth/actions.server";
import { PasswordField } from "~/modules/auth/password-field";
import { clientIp, getOptionalAdmin } from "~/modules/auth/session.server";
import { safeRedirectTo } from "~/modules/auth/session-policy";
import { siteName, useSiteName } from "~/root";
import { ArrowLeftIcon, MailIcon } from "~/ui/icons";
import { readForm } from "~/ui/read-form.server";
import { Toaster } from "~/ui/toaster";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) => {
  return [{ title: `Admin Login — ${siteName(matches[0]?.loaderData)}` }, { name: "robots", content: "noindex, nofollow" }];
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
    <div className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 px-4 py-10">
      <main className="w-full max-w-md">
        <div className="mb-6 text-center text-white">
          <span
            aria-hidden="true"
            className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-white/10 text-xl font-bold ring-1 ring-white/30"
          >
            YS
          </span>
          <p className="mt-3 text-sm font-medium tracking-wide text-brand-100">{name}</p>
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-2xl sm:p-8">
          <h1 className="text-2xl font-bold text-gray-900">Admin Login</h1>
          <p className="mt-1 text-sm text-gray-600">Sign in to manage attendees, content and event settings.</p>

          {error ? (
            <p id="login-error" className="mt-5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm text-red-800">
              {error}
            </p>
          ) : null}

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
        </div>
        <p className="mt-6 text-center">
          <Link
            to="/"
            className="inline-flex items-center gap-2 rounded text-sm font-medium text-brand-50 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <ArrowLeftIcon className="h-4 w-4" /> Back to Summit Website
          </Link>
        </p>
      </main>
      <Toaster toasts={actionData?.toast ? [actionData.toast] : []} />
    </div>
  );
}
