import { useState } from "react";
import { Svg } from "~/ui/icons";
import { useHydrated } from "~/ui/use-hydrated";

// The password input with its show/hide toggle. Without JavaScript the toggle cannot work, so it is not
// shown and the password stays hidden.

const EyeIcon = ({ off }: { off: boolean }) => (
  <Svg className="h-5 w-5">
    {off ? (
      <>
        <path d="M9.88 9.88a3 3 0 1 0 4.24 4.24M10.73 5.08A10.43 10.43 0 0 1 12 5c7 0 10 7 10 7a13.16 13.16 0 0 1-1.67 2.68" />
        <path d="M6.61 6.61A13.53 13.53 0 0 0 2 12s3 7 10 7a9.74 9.74 0 0 0 5.39-1.61M2 2l20 20" />
      </>
    ) : (
      <>
        <path d="M2 12s3-7 10-7 10 7 10 7-3 7-10 7-10-7-10-7Z" />
        <circle cx="12" cy="12" r="3" />
      </>
    )}
  </Svg>
);

export function PasswordField({
  id,
  name,
  invalid,
  describedBy,
  inputKey,
}: {
  id: string;
  name: string;
  invalid: boolean;
  describedBy?: string;
  /** a new key empties the field (after a failed sign-in) */
  inputKey?: string;
}) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input
        key={inputKey}
        id={id}
        name={name}
        type={hydrated && visible ? "text" : "password"}
        autoComplete="current-password"
        required
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className={`block w-full rounded-lg border bg-white px-3.5 py-2.5 text-gray-900 shadow-sm placeholder:text-gray-400 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30 ${
          hydrated ? "pr-12" : ""
        } ${invalid ? "border-red-500" : "border-gray-300"}`}
        placeholder="Enter your password"
      />
      {hydrated ? (
        <button
          type="button"
          aria-label="Show password"
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
          className="absolute inset-y-0 right-0 my-1 mr-1 flex w-10 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <EyeIcon off={visible} />
        </button>
      ) : null}
    </div>
  );
}
