// The route table of spec section 2: the traveller's pages, a creator's club (public) and the creators'
// dashboard. Each module has its loader (server) and, where the page changes data, its actions.
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
  // A creator's club (public, server-rendered). Static /user/... pages above win over a slug of that name (the
  // creator service reserves those words).
  route('user/:slug', 'routes/club-layout.tsx', [
    index('routes/club-home.tsx'),
    route('stays', 'routes/club-stays.tsx'),
    route('explore', 'routes/club-explore.tsx'),
    route('itineraries', 'routes/club-itineraries.tsx'),
    route('itineraries/:id', 'routes/club-itinerary.tsx'),
    route('packages/:id', 'routes/club-package.tsx'),
  ]),
  // Subscriber links of the club's mails: confirm the double opt-in, unsubscribe (a GET never changes anything).
  route('emailSubscription/:id/confirm', 'routes/subscription-confirm.tsx'),
  route('emailSubscription/:id/unsubscribe', 'routes/subscription-unsubscribe.tsx'),
  // The creators' dashboard: the layout and its children, then the pages outside the layout (spec section 2).
  route('dashboard', 'routes/dashboard.tsx', [
    index('routes/dashboard-index.tsx'),
    route('settings', 'routes/dashboard-settings.tsx'),
    route('more', 'routes/dashboard-more.tsx'),
    route('income', 'routes/dashboard-income.tsx'),
    route('chat', 'routes/dashboard-chat.tsx'),
    // /{product}-college: the product's name is TravelClub (web/app/lib/brand.ts).
    route('travelclub-college', 'routes/dashboard-college.tsx'),
    route('travelclub-college/:guide', 'routes/dashboard-college-guide.tsx'),
    // The drafts Taylor saved for the creator to review (web/app/assistant/).
    route('stays', 'routes/dashboard-stays.tsx'),
    route('stays/add', 'routes/dashboard-stay-add.tsx'),
    route('stays/:id', 'routes/dashboard-stay.tsx'),
    route('experiences/add', 'routes/dashboard-experience-add.tsx'),
    route('experiences/:id', 'routes/dashboard-experience.tsx'),
  ]),
  route('dashboard/manage-stays', 'routes/dashboard-manage-stays.tsx'),
  route('dashboard/manage-itineraries', 'routes/dashboard-manage-itineraries.tsx'),
  route('dashboard/club-settings', 'routes/dashboard-club-settings.tsx'),
  route('dashboard/club', 'routes/dashboard-club.tsx'),
  route('dashboard/analytics', 'routes/dashboard-analytics.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
