/** Domain errors thrown by services; one error handler maps them to HTTP answers. */

export type FieldIssue = { field: string; message: string };

/**
 * Marks domain errors by a registered symbol rather than by class identity: the production
 * server and the page bundle each carry a copy of this file, and an error thrown by a service in
 * one must still be recognised by `instanceof` in the other.
 */
const DOMAIN_ERROR = Symbol.for('marketplace.domain-error');

type Branded = { [DOMAIN_ERROR]: string };

function isBranded(value: unknown): value is Branded {
  return typeof value === 'object' && value !== null && DOMAIN_ERROR in value;
}

export abstract class DomainError extends Error {
  abstract readonly status: number;
  /** Set by each concrete class; `instanceof` compares it. */
  protected static readonly kind: string = 'domain';
  readonly [DOMAIN_ERROR]: string;

  constructor(message: string) {
    super(message);
    this[DOMAIN_ERROR] = (new.target as unknown as { kind: string }).kind;
    this.name = new.target.name;
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    if (!isBranded(value)) return false;
    return this.kind === 'domain' || value[DOMAIN_ERROR] === this.kind;
  }
}

export class InvalidError extends DomainError {
  protected static override readonly kind = 'invalid';
  readonly status = 400;
  constructor(
    message: string,
    readonly issues: FieldIssue[] = [],
  ) {
    super(message);
  }

  /** An error about one field, with the field named in the message. */
  static field(field: string, message: string): InvalidError {
    return new InvalidError(`${field}: ${message}`, [{ field, message }]);
  }
}

export class NotFoundError extends DomainError {
  protected static override readonly kind = 'not-found';
  readonly status = 404;
}

export class ConflictError extends DomainError {
  protected static override readonly kind = 'conflict';
  readonly status = 409;
}

/** A request body or an uploaded file larger than the configured limit. */
export class PayloadTooLargeError extends DomainError {
  protected static override readonly kind = 'payload-too-large';
  readonly status = 413;
  constructor(
    message: string,
    /** The field the file came in, so that a form can show the message beside it. */
    readonly issues: FieldIssue[] = [],
  ) {
    super(message);
  }

  /** A file of one field too large, with the field named in the message. */
  static field(field: string, message: string): PayloadTooLargeError {
    return new PayloadTooLargeError(`${field}: ${message}`, [{ field, message }]);
  }
}

export class UnauthorizedError extends DomainError {
  protected static override readonly kind = 'unauthorized';
  readonly status = 401;
}

export class ForbiddenError extends DomainError {
  protected static override readonly kind = 'forbidden';
  readonly status = 403;
}

export class TooManyRequestsError extends DomainError {
  protected static override readonly kind = 'too-many-requests';
  readonly status = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
