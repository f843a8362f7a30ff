import { t } from '#lib/i18n.pages.ts';
import { SMS_NOTICE_KINDS, type SmsNoticeKind } from '#lib/sms.ts';

/**
 * A box for each kind of notice (SMS and push offer the same kinds), ticked as chosen: the form
 * sends them all, so an unticked box turns its kind off.
 */
export function NoticeKindBoxes({
  legend,
  choices,
}: {
  legend: string;
  choices: Record<SmsNoticeKind, boolean>;
}) {
  return (
    <fieldset className="space-y-1 rounded-xl border border-slate-200 bg-white p-4">
      <legend className="px-1 font-semibold text-slate-900">{legend}</legend>
      {SMS_NOTICE_KINDS.map((kind) => (
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
          {t(`smsChoices.label.${kind}`)}
        </label>
      ))}
    </fieldset>
  );
}
