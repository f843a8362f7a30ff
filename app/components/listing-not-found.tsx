import { SearchAndCategories } from './search-and-categories.tsx';

/** A listing page whose listing is absent: the spec's message, then a way on. */
export function ListingNotFound({ message }: { message: string }) {
  return (
    <main id="main" className="container-page flex flex-col items-center py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{message}</h1>
      <SearchAndCategories className="mt-8" />
    </main>
  );
}
