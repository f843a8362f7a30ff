import { t } from '#lib/i18n.pages.ts';

/** The choices in plain words, each posting the role the spec names (seller, buyer or guest). */
const CHOICES = [
  { role: 'seller', label: 'register.role.seller' },
  { role: 'buyer', label: 'register.role.buyer' },
  { role: 'guest', label: 'register.role.guest' },
] as const;

/**
 * The registration's role as radio buttons in a fieldset: keyboard-operable as the browser
 * makes them (arrow keys move within the group), each row a 44 px target, no JavaScript needed.
 * The spec's hint 'e.g. buyer, seller, guest' describes the group.
 */
export function RoleChoice({ error }: { error: string | undefined }) {
  const hintId = 'field-role-hint';
  const errorId = 'field-role-error';
  return (
    <fieldset aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
      <legend className="field-label">{t('account.role')}</legend>
      <p id={hintId} className="text-xs text-slate-600">
        {t('account.roleHint')}
      </p>
      <div className="mt-2 space-y-2">
        {CHOICES.map(({ role, label }, index) => (
          <label
            key={role}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 hover:border-brand-600 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700"
          >
            <input
              // The first choice carries the field's id, so the error summary links to the group.
              id={index === 0 ? 'field-role' : `field-role-${role}`}
              type="radio"
              name="role"
              value={role}
              required
              aria-invalid={Boolean(error)}
              className="h-5 w-5 shrink-0 accent-brand-700"
            />
            <span className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-medium text-slate-900">{t(label)}</span>
              <span className="text-sm text-slate-600">{t(`role.${role}`)}</span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
