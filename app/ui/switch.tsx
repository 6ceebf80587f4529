import type { InputHTMLAttributes, ReactNode } from "react";

// An on/off setting: a real checkbox (posts "on" when ticked, works without JavaScript),
// drawn as a switch, with its label and a line saying what it does.

type SwitchProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className"> & {
  id: string;
  label: ReactNode;
  description: ReactNode;
};

export function Switch({ id, label, description, ...input }: SwitchProps) {
  return (
    <div className="flex items-center gap-3">
      <input
        {...input}
        id={id}
        type="checkbox"
        className="peer h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-gray-300 transition before:block before:h-5 before:w-5 before:translate-x-0.5 before:rounded-full before:bg-white before:shadow before:transition checked:bg-brand-700 checked:before:translate-x-5.5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      />
      <label htmlFor={id} className="text-sm font-semibold text-gray-800">
        {label}
        <span className="block text-xs font-normal text-gray-500">{description}</span>
      </label>
    </div>
  );
}
