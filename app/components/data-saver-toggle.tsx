import { useLocation } from 'react-router';
import { localePath, t } from '#lib/i18n.ts';
import { useIsDataSaverOn } from '#app/use-root-data.ts';

/**
 * Data saver on or off, for this browser: a plain form, so it works before (or without) the
 * page's scripts, and the whole page loads again with the chosen photos. The server remembers
 * the choice in a cookie and comes back to this page.
 */
export function DataSaverToggle({ idPrefix }: { idPrefix: string }) {
  const isOn = useIsDataSaverOn();
  const location = useLocation();
  const stateId = `${idPrefix}-data-saver-state`;
  return (
    <form method="post" action={localePath('/data-saver')} className="space-y-2">
      <input type="hidden" name="next" value={`${location.pathname}${location.search}`} />
      <p id={stateId} className="text-sm text-slate-300">
        {t(isOn ? 'dataSaver.on' : 'dataSaver.off')}
      </p>
      <button
        type="submit"
        name="dataSaver"
        value={isOn ? 'off' : 'on'}
        aria-describedby={stateId}
        className="button-secondary"
      >
        {t(isOn ? 'dataSaver.turnOff' : 'dataSaver.turnOn')}
      </button>
    </form>
  );
}
