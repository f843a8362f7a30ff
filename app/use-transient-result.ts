import { useEffect, useState } from 'react';
import type { FormResult } from '#lib/form-result.ts';

/**
 * The latest answer of a form, shown for `visibleMs` after it arrives and then cleared, as the
 * spec times its messages. `result` changes identity with every new answer.
 */
export function useTransientResult(
  result: FormResult | undefined,
  visibleMs: number,
): FormResult | undefined {
  const [expired, setExpired] = useState<FormResult | undefined>(undefined);
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setExpired(result), visibleMs);
    return () => clearTimeout(timer);
  }, [result, visibleMs]);
  return result === expired ? undefined : result;
}
