/** The field that tells a page's forms apart (handleIntents reads it). */
export const INTENT_FIELD = 'intent';

/**
 * The hidden field naming which of a page's forms is posted. Typed by the page's intents
 * (`IntentInput<IntentOf<typeof action>>`), so a form cannot post an intent its action lacks.
 */
export function IntentInput<Intent extends string>({ value }: { value: Intent }) {
  return <input type="hidden" name={INTENT_FIELD} value={value} />;
}
