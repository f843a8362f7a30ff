export type Fact = { label: string; value: React.ReactNode };

/** Label/value pairs of a listing (rooms, area, owner ...); three columns on wide layouts. */
export function FactList({ facts, isWide = false }: { facts: Fact[]; isWide?: boolean }) {
  return (
    <dl className={`grid grid-cols-2 gap-3 ${isWide ? 'sm:grid-cols-3' : ''}`}>
      {facts.map((fact) => (
        <div key={fact.label} className="rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
            {fact.label}
          </dt>
          <dd className="mt-0.5 font-semibold break-words text-slate-900">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
