import { Link } from '#app/components/link.tsx';

/**
 * The frame of a signed-in user's page (their supplies, their requests, the two forms): the
 * spec's heading and its one action button.
 */
export function AccountPage({
  heading,
  action,
  children,
}: {
  heading: string;
  action?: { to: string; label: string };
  children: React.ReactNode;
}) {
  return (
    <main id="main" className="container-page space-y-6 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">{heading}</h1>
        {action && (
          <Link to={action.to} className="button-primary">
            {action.label}
          </Link>
        )}
      </div>
      {children}
    </main>
  );
}
