import { describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema, errorCatalogue, errorEnvelope, successMessages } from '../src/index.js';

// Spec section 8, to the letter.
const specRows: Record<string, string> = {
  'invalid-email': 'The email address is not specified or is not valid.',
  'user-not-found': 'The email address is not registered. Please create a new account.',
  'wrong-password': 'The specified password does not match the records.',
  'email-already-in-use': 'The email address is already in use by another account.',
  'weak-password': 'The password must be 6 characters long or more.',
  'missing-email': 'Please provide an email address.',
  'invalid-provider-details': 'Could not sign in with the provided credentials. Please try again.',
  'invalid-action-code': 'Your request to reset your password has expired or the link has already been used',
  'account-exists-with-different-credential': 'An account with the same email address already exist.',
  'csrf-missing': 'Authentication configuration error. Please refresh the page.',
  'session-failure': 'Failed to initiate your session. Please try clearing your cookies and signing in again.',
  'profile-failure': 'Failed to load user profile. Please try refreshing the page or signing in again.',
  'auth-not-ready': 'Auth is not initialized',
  'hotel-not-found': 'Hotel not found',
  'room-not-found': 'Room type or room ID not found',
  'room-type-not-found': 'Room type not found',
  'search-or-dates-not-found': 'Search results or dates not found',
  'token-not-found': 'Token not found',
  'hotel-booking-not-found': 'Itinerary or hotelBooking not found',
  'booking-not-found': 'existing booking not found',
  'no-rooms-available': 'No rooms available for the selected dates. Try changing your dates or number of guests.',
  'itinerary-not-found': 'Itinerary not found',
  'profile-not-found': 'Profile not found',
  'not-found': 'The page you are looking for does not exist.',
  internal: 'An unexpected error occurred, please try again later.',
};

describe('error catalogue', () => {
  it.each(Object.entries(specRows))('%s carries the spec text', (code, message) => {
    expect(errorCatalogue[code as keyof typeof errorCatalogue]?.message).toBe(message);
  });

  it('gives every code an error status', () => {
    for (const { status } of Object.values(errorCatalogue)) expect(status).toBeGreaterThanOrEqual(400);
  });

  it('has the magic link success text', () => {
    expect(successMessages.magicLinkSent).toBe('A sign in link has been sent to your email address.');
  });

  it('builds envelopes that match the envelope schema, without empty details', () => {
    const plain = errorEnvelope('wrong-password');
    expect(plain).toEqual({ error: { code: 'wrong-password', message: specRows['wrong-password'] } });
    const withDetails = errorEnvelope('validation-failed', [{ path: 'email', message: 'Invalid email address' }]);
    expect(ErrorEnvelopeSchema.parse(withDetails).error.details).toHaveLength(1);
  });
});
