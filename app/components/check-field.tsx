/** A yes/no fact: the hidden 'false' after the box is sent when it is not ticked. */
export function CheckField({
  name,
  label,
  value,
}: {
  name: string;
  label: string;
  value?: boolean | null;
}) {
  return (
    <label className="flex min-h-11 items-center gap-2 font-medium text-slate-800">
      <input
        type="checkbox"
        name={name}
        defaultChecked={value ?? false}
        className="h-5 w-5 accent-brand-700"
      />
      <input type="hidden" name={name} value="false" />
      {label}
    </label>
  );
}
