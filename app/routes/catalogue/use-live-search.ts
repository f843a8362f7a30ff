import { useCallback, useEffect, useRef, useState } from 'react';
import type { SearchAnswer } from '#modules/search/search.schema.ts';
import { SEARCH_DEBOUNCE_MS } from '#lib/timings.ts';

export type LiveSearch = {
  query: string;
  results: SearchAnswer;
  status: 'idle' | 'loading' | 'error';
  setQuery(query: string): void;
  /** Asks again for the current text at once (after an error, or on Enter). */
  searchNow(): void;
};

/**
 * Searches as the visitor types: waits for a pause, cancels the request it replaces and ignores
 * any answer that arrives after a newer one, so the grids always match the text in the box.
 * The address bar follows the text, so a result can be shared or reloaded.
 */
export function useLiveSearch(initialQuery: string, initialResults: SearchAnswer): LiveSearch {
  const [query, setQueryState] = useState(initialQuery);
  const [results, setResults] = useState(initialResults);
  const [status, setStatus] = useState<LiveSearch['status']>('idle');
  const inFlight = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // New loader data (a navigation to another ?q=) replaces what the box and grids show.
  const [loaded, setLoaded] = useState(initialResults);
  if (loaded !== initialResults) {
    setLoaded(initialResults);
    setQueryState(initialQuery);
    setResults(initialResults);
  }

  const run = useCallback(async (text: string) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setStatus('loading');
    // The filters in the address (a shared link's, say) apply to every keystroke's answer.
    const url = new URL(window.location.href);
    if (text.trim()) url.searchParams.set('q', text);
    else url.searchParams.delete('q');
    try {
      const response = await fetch(`/api/search${url.search}`, {
        signal: controller.signal,
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`search answered ${response.status}`);
      const answer = (await response.json()) as SearchAnswer;
      if (controller.signal.aborted) return;
      setResults(answer);
      setStatus('idle');
      window.history.replaceState(window.history.state, '', url);
    } catch (error) {
      if (controller.signal.aborted) return;
      setStatus('error');
      void error;
    }
  }, []);

  const setQuery = useCallback(
    (text: string) => {
      setQueryState(text);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void run(text), SEARCH_DEBOUNCE_MS);
    },
    [run],
  );

  const searchNow = useCallback(() => {
    clearTimeout(timer.current);
    void run(query);
  }, [query, run]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      inFlight.current?.abort();
    },
    [],
  );

  return { query, results, status, setQuery, searchNow };
}
