/**
 * One filter of a list's GET form: a labelled choice among `options`, or all of them (the empty
 * value), read back from the address.
 */
export function FilterSelect({
  name,
  label,
  allLabel,
  value,
  options,
  className = 'min-w-40 flex-1 sm:flex-none',
}: {
  name: string;
  label: string;
  /** The first choice, which filters nothing. */
  allLabel: string;
  value: string;
  options: readonly { value: string; label: string }[];
  /** Its box: by default it grows in a row of filters; a grid's cell sets its own. */
  className?: string;
}) {
  const id = `filter-${name}`;
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className="field-input">
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
