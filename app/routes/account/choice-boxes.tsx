/**
 * A box for each kind a channel offers (e-mail, SMS, push), ticked as chosen: the form sends
 * them all, so an unticked box turns its kind off.
 */
export function ChoiceBoxes<Kind extends string>({
  legend,
  kinds,
  choices,
  labelOf,
}: {
  legend: string;
  kinds: readonly Kind[];
  choices: Record<Kind, boolean>;
  labelOf: (kind: Kind) => string;
}) {
  return (
    <fieldset className="space-y-1 rounded-xl border border-slate-200 bg-white p-4">
      <legend className="px-1 font-semibold text-slate-900">{legend}</legend>
      {kinds.map((kind) => (
        <label
          key={kind}
          className="flex min-h-11 items-center gap-3 text-slate-800 [overflow-wrap:anywhere]"
        >
          <input
            type="checkbox"
            name={kind}
            defaultChecked={choices[kind]}
            className="h-5 w-5 shrink-0 accent-brand-700"
          />
          {labelOf(kind)}
        </label>
      ))}
    </fieldset>
  );
}
