import { CheckCircleIcon } from "~/ui/icons";

type Props = { email: string; position: number; offerHours: number };

/** What /register shows once someone joined the waitlist: their place, and what happens next. */
export function WaitlistJoined({ email, position, offerHours }: Props) {
  return (
    <div role="status" className="rounded-xl border border-green-200 bg-green-50 p-6 text-center">
      <CheckCircleIcon className="mx-auto h-10 w-10 text-green-700" />
      <p className="mt-3 text-lg font-semibold text-gray-900">You're on the waitlist</p>
      <p className="mt-1 text-4xl font-extrabold text-green-800" data-testid="waitlist-position">
        {`#${position.toLocaleString("en-US")}`}
      </p>
      <p className="mt-1 text-sm text-gray-600">your place in line</p>
      <p className="mt-4 text-gray-700">
        We sent a confirmation to <strong className="break-all text-gray-900">{email}</strong>. When a seat frees up we e-mail you an offer,
        and you have {offerHours} hours to claim it. The e-mail has your link to see your place in line at any time.
      </p>
    </div>
  );
}
