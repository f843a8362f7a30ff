import { useEffect, type RefObject } from 'react';

/**
 * Runs `onReset` when the form holding `fieldRef` is reset (after a successful submission),
 * so a field's own state (an added-features list, photo previews) clears with the inputs.
 */
export function useFormReset(fieldRef: RefObject<HTMLElement | null>, onReset: () => void): void {
  useEffect(() => {
    const field = fieldRef.current;
    const form = field?.closest('form');
    if (!form) return;
    form.addEventListener('reset', onReset);
    return () => form.removeEventListener('reset', onReset);
  }, [fieldRef, onReset]);
}
