// The route table of spec section 2 (the traveller's part; the creators' club and dashboard pages come with
// the web app's part 2). Each module has its loader (server) and, where the page changes data, its actions.
import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('signIn', 'routes/sign-in.tsx'),
  route('signUp', 'routes/sign-up.tsx'),
  route('forgotPassword', 'routes/forgot-password.tsx'),
  route('resetPassword', 'routes/reset-password.tsx'),
  route('logout', 'routes/logout.tsx'),
  route('auth-redirect', 'routes/auth-redirect.tsx'),
  route('continueSignIn', 'routes/continue-sign-in.tsx'),
  route('faq', 'routes/faq.tsx'),
  route('search', 'routes/search.tsx'),
  route('mapsearch', 'routes/map-search.tsx'),
  route('hotel/:slug', 'routes/hotel.tsx'),
  route('user', 'routes/user-layout.tsx', [
    route('trips', 'routes/user-trips.tsx'),
    route('startSession', 'routes/user-start-session.tsx'),
    route('itinerary/:itineraryId/cancel', 'routes/user-cancel.tsx'),
  ]),
  // A missing id (`/itinerary/contact`) is a 404 'Itinerary not found' from the same modules.
  route('itinerary/:itineraryId?/contact', 'routes/itinerary-contact.tsx'),
  route('itinerary/:itineraryId?/payment', 'routes/itinerary-payment.tsx'),
  route('itinerary/:itineraryId?/confirmation', 'routes/itinerary-confirmation.tsx'),
  route('dashboard', 'routes/dashboard.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
