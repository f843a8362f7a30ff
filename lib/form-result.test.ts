/**
 * The line under a refused form says what to do when fields are to blame, the page's failure
 * text when the server failed, and the server's reason otherwise.
 */
import { describe, expect, it } from 'vitest';
import { withLocale } from './i18n.server.ts';
import { describeRefusal, type FormResult } from './form-result.ts';

type Refusal = Extract<FormResult, { ok: false }>;

const FAILURE = 'Something went wrong while submitting the request.';

const fieldRefusal: Refusal = {
  ok: false,
  message: 'title: Title is required',
  fieldErrors: { title: 'Title is required' },
};

describe('describeRefusal', () => {
  it('asks to check the marked fields, never "failed", when only fields are to blame', () => {
    expect(describeRefusal(fieldRefusal, FAILURE)).toBe(
      'Check the marked fields, then send the form again.',
    );
    expect(withLocale('fr', () => describeRefusal(fieldRefusal, FAILURE))).toBe(
      'Vérifiez les champs signalés, puis envoyez à nouveau le formulaire.',
    );
    expect(withLocale('rw', () => describeRefusal(fieldRefusal, FAILURE))).toBe(
      'Kosora ahagaragajwe amakosa, hanyuma wongere wohereze ifishi.',
    );
  });

  it("keeps the page's failure text, the spec's, for a failure of the server", () => {
    const failed: Refusal = {
      ok: false,
      message: 'Something went wrong on our side. Please try again.',
      fieldErrors: {},
      isServerFault: true,
    };
    expect(describeRefusal(failed, FAILURE)).toBe(FAILURE);
  });

  it("gives a refusal's own reason (a limit, a conflict), or the failure text without one", () => {
    const limited: Refusal = {
      ok: false,
      message: 'Too many requests. Please try again in 30 seconds.',
      fieldErrors: {},
    };
    expect(describeRefusal(limited, FAILURE)).toBe(limited.message);
    expect(describeRefusal({ ...limited, message: '' }, FAILURE)).toBe(FAILURE);
  });
});
