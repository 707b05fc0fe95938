// Typed errors from the contracts catalogue: a handler throws one, the error handler renders the envelope.
import { errorCatalogue, type ErrorCode, type ErrorDetail } from '@travelclub/contracts';

export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly details?: ErrorDetail[],
    options?: { cause?: unknown },
  ) {
    super(errorCatalogue[code].message, options);
    this.name = 'AppError';
    this.statusCode = errorCatalogue[code].status;
  }
}

export const appError = (code: ErrorCode, details?: ErrorDetail[]) => new AppError(code, details);
