import { FormField } from "~/ui/form-field";
import { INPUT } from "~/ui/styles";

// The pieces the sign-in's second step and the Account security page share: the new
// authenticator (its QR code and the same secret as text, for typing into an app by hand),
// the code field, and the recovery codes shown once. Plain markup: all of it works without
// JavaScript.

export type EnrolmentView = { secret: string; uri: string; qrDataUrl: string };

export function EnrolmentDetails({ enrolment }: { enrolment: EnrolmentView }) {
  return (
    <div className="space-y-3">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-gray-700">
        <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, Aegis, 1Password…).</li>
        <li>Scan this QR code, or type the key below into the app.</li>
        <li>Type the 6-digit code the app shows.</li>
      </ol>
      <img
        src={enrolment.qrDataUrl}
        alt="QR code for your authenticator app (the key is written below it)"
        width={192}
        height={192}
        className="h-48 w-48 rounded-lg border border-gray-200 bg-white"
      />
      <div>
        <dl>
          <dt className="text-sm font-semibold text-gray-800">Key for typing in by hand</dt>
          <dd data-testid="totp-secret" className="mt-1 font-mono text-base tracking-wide break-all text-gray-900">
            {enrolment.secret}
          </dd>
        </dl>
        <p className="mt-1 text-xs text-gray-500">Time-based, 6 digits, every 30 seconds.</p>
      </div>
    </div>
  );
}

export function CodeField({
  error,
  label = "Authentication code",
  description,
}: {
  error?: string | null;
  label?: string;
  description?: string;
}) {
  return (
    <FormField label={label} id="code" errorId="code-error" error={error ?? undefined} description={description}>
      <input
        id="code"
        name="code"
        required
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={64}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "code-error" : undefined}
        className={`${INPUT} font-mono tracking-widest`}
      />
    </FormField>
  );
}

export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section aria-labelledby="recovery-heading" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h2 id="recovery-heading" className="font-semibold">
        Your recovery codes
      </h2>
      <p className="mt-1 text-sm">
        Each code signs you in once if you lose your phone. They are shown only now: write them down or print this page, and keep them
        somewhere safe.
      </p>
      <ul data-testid="recovery-codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-base">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </section>
  );
}
