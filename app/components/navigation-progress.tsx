import { useNavigation } from 'react-router';
import { t, withoutLocale } from '#lib/i18n.ts';

function loadingText(pathname: string): string | undefined {
  if (pathname.startsWith('/property/')) return t('listing.loadingProperty');
  if (pathname.startsWith('/asset/')) return t('listing.loadingAsset');
  return undefined;
}

/**
 * While the next page loads (after a click, before its data arrives), a bar across the top and,
 * for a listing, the spec's loading text; the current page stays readable meanwhile.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state !== 'loading' || !navigation.location) return null;
  const text = loadingText(withoutLocale(navigation.location.pathname));
  return (
    <div role="status" aria-live="polite" className="fixed inset-x-0 top-0 z-50">
      <div className="h-1 w-full animate-pulse bg-amber-400" />
      {text && (
        <p className="mx-auto mt-2 w-fit rounded-full bg-slate-900 px-4 py-1.5 text-sm font-medium text-white shadow-lg">
          {text}
        </p>
      )}
    </div>
  );
}
