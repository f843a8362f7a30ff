import { Link } from '#app/components/link.tsx';
import { Icon } from './icon.tsx';

/** The small arrow link above a detail page, back to its list. */
export function BackLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
    >
      <Icon name="arrowLeft" className="h-4 w-4" />
      {children}
    </Link>
  );
}
