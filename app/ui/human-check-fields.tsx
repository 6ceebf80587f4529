// Two fields every public form carries against scripts, invisible to people and working
// without JavaScript: a decoy field ("website") that people never see or fill, and the
// signed time the page was served, so a post seconds after loading is told apart.
// The server checks both (modules/booking-protection/human-check.server.ts).

export const HONEYPOT_FIELD = "website";
export const STAMP_FIELD = "formStamp";

export function HumanCheckFields({ stamp }: { stamp: string }) {
  return (
    <>
      <input type="hidden" name={STAMP_FIELD} value={stamp} />
      {/* Off-screen rather than display:none, which some scripts skip; hidden from screen readers and the keyboard. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          {/* i18n-ignore: a decoy for scripts, hidden from people and screen readers */}
          Leave this field empty
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </>
  );
}
