import type { ReactNode } from 'react';
import { SearchAndCategories } from './search-and-categories.tsx';

/**
 * A listing page whose listing is absent: the spec's message, then a way on. `children` adds
 * the page's own way back (a list of one's requests) above the search and the categories.
 */
export function ListingNotFound({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <main id="main" className="container-page flex flex-col items-center py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{message}</h1>
      {children && <div className="mt-6">{children}</div>}
      <SearchAndCategories className="mt-8" />
    </main>
  );
}
