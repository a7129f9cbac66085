import type { ErrorDef } from '@simshop/contract';

/** A failure a service reports; the dispatcher turns it into the catalogue envelope. */
export class AppError extends Error {
  constructor(
    readonly def: ErrorDef,
    readonly field?: string,
    readonly data: unknown = null,
  ) {
    super(field ? `${def.en}: ${field}` : def.en);
    this.name = 'AppError';
  }
}
