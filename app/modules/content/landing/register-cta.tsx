import { Link } from "react-router";

type Props = { isOpen: boolean; message: string; spotsRemaining: number /** fully booked: the waitlist is open */; waitlist: boolean };

export function RegisterCta({ isOpen, message, spotsRemaining, waitlist }: Props) {
  const perks = [
    { title: "FREE", text: "Registration costs nothing" },
    { title: "LIMITED", text: "Seats are limited" },
    { title: "INSTANT", text: "Confirmation by e-mail" },
  ];
  return (
    <section id="register" className="bg-gradient-to-br from-brand-800 to-brand-900 py-16 text-white sm:py-20">
      <div className="mx-auto max-w-4xl px-4 text-center">
        <h2 className="text-3xl font-bold">Secure Your Seat</h2>
        {isOpen ? (
          <>
            <p className="mt-3 text-brand-100">Registration closes when capacity is reached.</p>
            <ul className="mt-8 grid gap-4 sm:grid-cols-3">
              {perks.map((p) => (
                <li key={p.title} className="rounded-2xl bg-white/10 p-5">
                  <span className="block text-2xl font-extrabold text-accent-400">{p.title}</span>
                  <span className="mt-1 block text-sm text-brand-50">{p.text}</span>
                </li>
              ))}
            </ul>
            <p className="mt-6 text-sm text-brand-100">{spotsRemaining} seats remaining</p>
            <Link
              to="/register"
              className="mt-4 inline-block rounded-xl bg-accent-400 px-8 py-4 text-lg font-bold text-brand-900 shadow-lg hover:bg-accent-500"
            >
              Register Now
            </Link>
          </>
        ) : (
          <>
            <p role="status" className="mx-auto mt-6 max-w-xl rounded-2xl bg-white/10 p-6 text-xl font-semibold">
              {message}
            </p>
            {waitlist ? (
              <>
                <p className="mt-6 text-brand-100">
                  Seats free up when people cancel. Join the waitlist and we will e-mail you if one is yours.
                </p>
                <Link
                  to="/register"
                  className="mt-4 inline-block rounded-xl bg-accent-400 px-8 py-4 text-lg font-bold text-brand-900 shadow-lg hover:bg-accent-500"
                >
                  Join the Waitlist
                </Link>
              </>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
