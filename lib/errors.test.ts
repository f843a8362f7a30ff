import { describe, expect, it } from 'vitest';
import type * as errors from './errors.ts';
import { ConflictError, DomainError, InvalidError, NotFoundError } from './errors.ts';

describe('domain errors', () => {
  it('are recognised across two copies of the module, as in the production bundles', async () => {
    // A query string makes the module loader evaluate the file a second time.
    const secondCopy = './errors.ts?second-copy';
    const copy = (await import(/* @vite-ignore */ secondCopy)) as typeof errors;
    expect(copy.NotFoundError).not.toBe(NotFoundError);
    const thrownElsewhere = new copy.NotFoundError('Property not found');
    expect(thrownElsewhere instanceof NotFoundError).toBe(true);
    expect(thrownElsewhere instanceof DomainError).toBe(true);
    expect(thrownElsewhere instanceof ConflictError).toBe(false);
    expect(new copy.ConflictError('taken') instanceof NotFoundError).toBe(false);
  });

  it('carry their status, name and message, and are still Errors', () => {
    const error = InvalidError.field('email', 'Enter a valid email address');
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(InvalidError);
    expect(error.status).toBe(400);
    expect(error.name).toBe('InvalidError');
    expect(error.message).toBe('email: Enter a valid email address');
    expect(error.issues).toEqual([{ field: 'email', message: 'Enter a valid email address' }]);
  });

  it('do not claim plain errors or other values', () => {
    expect(new Error('boom') instanceof DomainError).toBe(false);
    expect((null as unknown as object) instanceof NotFoundError).toBe(false);
    expect({ name: 'NotFoundError' } instanceof NotFoundError).toBe(false);
  });
});
