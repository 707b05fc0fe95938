// The text a failed auth call shows in the red 'Error' callout: the service's catalogue text (spec section 8,
// carried by ApiError.message), or a plain sentence when no answer came at all.

export const UNEXPECTED = 'An unexpected error occurred, please try again later.';
export const UNREACHABLE = 'We could not reach TravelClub. Please check your connection and try again.';

interface ApiErrorLike {
  status: number;
  code?: string;
  message: string;
}

const isApiError = (err: unknown): err is ApiErrorLike =>
  err instanceof Error && err.name === 'ApiError' && typeof (err as Partial<ApiErrorLike>).status === 'number';

export function errorText(err: unknown): string {
  if (!isApiError(err)) return UNEXPECTED;
  if (err.status === 0) return UNREACHABLE;
  return err.code && err.code !== 'internal' ? err.message : UNEXPECTED;
}
