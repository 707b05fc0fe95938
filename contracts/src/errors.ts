// The error envelope and the error catalogue: every code with its HTTP status and exact text.
import { z } from 'zod';

const entry = (status: number, message: string) => ({ status, message });

/**
 * Spec section 8 rows keep the spec's code names; the rows the spec names only by case
 * (CSRF missing, session and profile failure, auth not ready) get kebab-case codes.
 */
export const errorCatalogue = {
  // spec section 8
  'invalid-email': entry(400, 'The email address is not specified or is not valid.'),
  'user-not-found': entry(404, 'The email address is not registered. Please create a new account.'),
  'wrong-password': entry(401, 'The specified password does not match the records.'),
  'email-already-in-use': entry(409, 'The email address is already in use by another account.'),
  'weak-password': entry(400, 'The password must be 6 characters long or more.'),
  'missing-email': entry(400, 'Please provide an email address.'),
  'invalid-provider-details': entry(401, 'Could not sign in with the provided credentials. Please try again.'),
  'invalid-action-code': entry(
    400,
    'Your request to reset your password has expired or the link has already been used',
  ),
  'account-exists-with-different-credential': entry(409, 'An account with the same email address already exist.'),
  'csrf-missing': entry(403, 'Authentication configuration error. Please refresh the page.'),
  'session-failure': entry(
    401,
    'Failed to initiate your session. Please try clearing your cookies and signing in again.',
  ),
  'profile-failure': entry(502, 'Failed to load user profile. Please try refreshing the page or signing in again.'),
  'auth-not-ready': entry(503, 'Auth is not initialized'),
  // cart errors (spec section 8) and the availability check (spec section 5)
  'hotel-not-found': entry(404, 'Hotel not found'),
  'room-not-found': entry(404, 'Room type or room ID not found'),
  'room-type-not-found': entry(404, 'Room type not found'),
  'search-or-dates-not-found': entry(400, 'Search results or dates not found'),
  'token-not-found': entry(401, 'Token not found'),
  'hotel-booking-not-found': entry(404, 'Itinerary or hotelBooking not found'),
  'booking-not-found': entry(404, 'existing booking not found'),
  'no-rooms-available': entry(
    409,
    'No rooms available for the selected dates. Try changing your dates or number of guests.',
  ),
  // pages of spec section 2
  'itinerary-not-found': entry(404, 'Itinerary not found'),
  'profile-not-found': entry(404, 'Profile not found'),
  'not-found': entry(404, 'The page you are looking for does not exist.'),
  internal: entry(500, 'An unexpected error occurred, please try again later.'),
  // ours: the spec does not show these texts
  'invalid-refresh-token': entry(401, 'Your session has expired. Please sign in again.'),
  'too-many-sign-in-attempts': entry(429, 'Too many sign-in attempts. Please wait a few minutes and try again.'),
  'provider-not-configured': entry(404, 'Sign-in with this provider is not available.'),
  'sign-up-disabled': entry(403, 'Sign-up is closed at the moment.'),
  'validation-failed': entry(400, 'The request is not valid.'),
  unauthenticated: entry(401, 'Please sign in to continue.'),
  forbidden: entry(403, 'You are not allowed to do this.'),
  'payload-too-large': entry(413, 'The request is too large.'),
  'unsupported-media-type': entry(415, 'The request body must be JSON.'),
  'too-many-requests': entry(429, 'Too many attempts. Please wait a moment and try again.'),
  'service-unavailable': entry(503, 'The service is temporarily unavailable. Please try again shortly.'),
  'upstream-timeout': entry(504, 'The service took too long to answer. Please try again shortly.'),
  // the catalog's own (ours)
  'search-not-found': entry(404, 'This search has expired. Please search again.'),
  'destination-not-found': entry(404, 'Destination not found'),
  'image-not-found': entry(404, 'Image not found'),
  'hold-not-found': entry(404, 'Room hold not found'),
  'idempotency-key-reused': entry(409, 'This idempotency key was already used for a different request.'),
  // the booking flow's own (ours): itinerary
  'itinerary-not-editable': entry(409, 'This itinerary can no longer be changed.'),
  'itinerary-not-cancellable': entry(409, 'This itinerary cannot be cancelled.'),
  'itinerary-empty': entry(400, 'Add a room to your itinerary before paying.'),
  'guest-details-missing': entry(400, 'Please add the guest details before paying.'),
  'guest-names-mismatch': entry(400, 'Please give one guest name for every room.'),
  'hold-expired': entry(409, 'Your room hold has expired. Please check availability again.'),
  'payment-in-progress': entry(409, 'A payment for this itinerary is in progress. Please wait a moment.'),
  'invoice-mismatch': entry(409, 'The invoice did not match your itinerary. Please try again.'),
  // billing
  'invoice-not-found': entry(404, 'Invoice not found'),
  'invoice-already-paid': entry(409, 'This invoice has already been paid.'),
  'invoice-outdated': entry(409, 'This itinerary changed after the invoice was made. Please review it and pay again.'),
  'invoice-void': entry(409, 'This invoice can no longer be paid.'),
  'idempotency-key-required': entry(400, 'An Idempotency-Key header is required for payments.'),
  'card-declined': entry(402, 'Your card was declined.'),
  'insufficient-funds': entry(402, 'Your card has insufficient funds.'),
  'too-many-payment-attempts': entry(
    429,
    'Too many payment attempts were declined. Please try again later or contact support.',
  ),
  'payment-refunded': entry(409, 'Your payment could not be completed, so it was refunded. Please try again.'),
  // creators' paid plans (billing, ours)
  'creator-plan-not-found': entry(404, 'Creator plan not found'),
  'creator-plan-exists': entry(409, 'You already have a creator plan. Manage it from your plan settings.'),
  'plan-link-invalid': entry(404, 'This link has expired or was already used. Please start again from your dashboard.'),
  // creators (ours)
  'slug-taken': entry(409, 'This club address is already taken. Please choose another one.'),
  'slug-reserved': entry(400, 'This club address is reserved. Please choose another one.'),
  'public-name-taken': entry(409, 'This name belongs to a verified creator. Please choose another one.'),
  // creators' subscribers and verification (ours)
  'subscription-code-invalid': entry(400, 'This confirmation link has expired or was already used.'),
  'unsubscribe-link-invalid': entry(400, 'This unsubscribe link is not valid. Please use the link in a recent mail.'),
  'subscription-not-found': entry(404, 'Subscription not found'),
  'already-verified': entry(409, 'Your club is already verified.'),
  'verification-not-found': entry(404, 'Verification request not found'),
  'verification-already-decided': entry(409, 'This verification request was already decided the other way.'),
  'recommendation-not-found': entry(404, 'Recommendation not found'),
  'recommendation-limit-reached': entry(
    409,
    'A club shows at most 50 recommended stays. Withdraw one to recommend another.',
  ),
  'slug-limit-reached': entry(
    409,
    'This club has used all the addresses it may have. Please contact support to change it again.',
  ),
  'form-required': entry(415, 'Please send this form with its files (multipart/form-data).'),
  // creators' image uploads (ours)
  'image-type-not-allowed': entry(415, 'Please upload a JPEG, PNG, WebP or AVIF image.'),
  'image-too-large': entry(413, 'The image is too large. Please upload one under 10 MB and 40 megapixels.'),
  'upload-limit-reached': entry(429, 'You have uploaded a lot of images in the last hour. Please try again later.'),
  'image-missing': entry(400, 'Please choose an image to upload.'),
  // creators' travel packages and written guides (ours)
  'travel-package-not-found': entry(404, 'Travel package not found'),
  'travel-package-date-not-offered': entry(
    400,
    'This package does not depart on that date. Please choose one of its dates.',
  ),
  'creator-unreachable': entry(409, 'This creator cannot take requests yet. Please try again later.'),
  'guide-not-found': entry(404, 'Guide not found'),
  // Taylor, the creators' assistant (ours)
  'conversation-not-found': entry(404, 'Conversation not found'),
  'conversation-limit-reached': entry(
    409,
    'You have 200 conversations with Taylor. Delete an old one to start another.',
  ),
  'conversation-full': entry(409, 'This conversation is full. Please start a new one.'),
  'assistant-busy': entry(409, 'Taylor is still answering your last message.'),
  'assistant-allowance-used': entry(429, "Taylor has used today's allowance. Please come back tomorrow."),
  'assistant-platform-allowance-used': entry(
    429,
    'Taylor has answered as many messages as it can today for all creators. Please come back tomorrow.',
  ),
  'assistant-network-limit': entry(
    429,
    'Too many messages to Taylor have come from your network in the last hour. Please try again later.',
  ),
  'assistant-email-unverified': entry(
    403,
    'Please verify your email address before chatting with Taylor. Use the link we mailed you, or ask for a new one.',
  ),
  'draft-not-found': entry(404, 'Draft not found'),
  // support staff's desk: the travelclub command line (ours)
  'account-not-found': entry(404, 'Account not found'),
  'role-not-grantable': entry(400, 'This role cannot be granted or revoked from the command line.'),
  'own-account': entry(409, 'Support staff cannot change their own roles or sessions.'),
  // A role support staff took away comes back only from staff (issue 29): never by the self-service grant.
  'role-revoked': entry(
    403,
    'Our support team removed this role from your account, so only they can give it back. Please contact support.',
  ),
  'invoice-not-paid': entry(409, 'Only a paid invoice can be refunded.'),
  'refund-exceeds-paid': entry(409, 'A refund cannot be more than what is left of the payment.'),
  'payout-not-found': entry(404, 'No payout for this creator'),
  'dead-letter-not-found': entry(404, 'Dead letter not found'),
  'queue-not-found': entry(404, 'Queue not found'),
  'job-not-found': entry(404, 'Job not found'),
} as const;

export type ErrorCode = keyof typeof errorCatalogue;
export const ErrorCodeSchema = z.enum(Object.keys(errorCatalogue) as [ErrorCode, ...ErrorCode[]]);

/** Titles shown above a message where the spec gives one. */
export const errorTitles: Partial<Record<ErrorCode, string>> = {
  'no-rooms-available': 'No rooms available',
};

/** Success texts the spec gives to the letter. */
export const successMessages = {
  magicLinkSent: 'A sign in link has been sent to your email address.',
} as const;

export const ErrorDetailSchema = z.object({ path: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>;

export const ErrorEnvelopeSchema = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    /** A heading above the message, where the spec gives one ("No rooms available"). */
    title: z.string().optional(),
    message: z.string(),
    details: z.array(ErrorDetailSchema).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export function errorEnvelope(code: ErrorCode, details?: ErrorDetail[]): ErrorEnvelope {
  const title = errorTitles[code];
  return {
    error: {
      code,
      ...(title ? { title } : {}),
      message: errorCatalogue[code].message,
      ...(details?.length ? { details } : {}),
    },
  };
}
