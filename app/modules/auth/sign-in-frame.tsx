import { Link } from "react-router";
import { ArrowLeftIcon } from "~/ui/icons";
import type { Toast } from "~/ui/toast";
import { Toaster } from "~/ui/toaster";

// The frame of the sign-in pages (the password, then the code or the enrolment): the site's
// name, a white card with the heading and an error, and the way back to the public site.

export function SignInFrame({
  siteName,
  title,
  intro,
  error,
  toast,
  wide = false,
  children,
}: {
  siteName: string;
  title: string;
  intro: string;
  error?: string | null;
  toast?: Toast | null;
  wide?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 px-4 py-10">
      <main className={`w-full ${wide ? "max-w-lg" : "max-w-md"}`}>
        <div className="mb-6 text-center text-white">
          <span
            aria-hidden="true"
            className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-white/10 text-xl font-bold ring-1 ring-white/30"
          >
            YS
          </span>
          <p className="mt-3 text-sm font-medium tracking-wide text-brand-100">{siteName}</p>
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-2xl sm:p-8">
          <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
          <p className="mt-1 text-sm text-gray-600">{intro}</p>
          {error ? (
            <p id="login-error" className="mt-5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm text-red-800">
              {error}
            </p>
          ) : null}
          {children}
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
      <Toaster toasts={toast ? [toast] : []} />
    </div>
  );
}
