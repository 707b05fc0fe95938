// The entities of spec section 3. Where the spec lists a field without its shape, the shape here is ours.
import { z } from 'zod';
import {
  CountryCodeSchema,
  CurrencyCodeSchema,
  IdSchema,
  ImageAssetSchema,
  InstantSchema,
  MoneySchema,
  ProviderReferenceSchema,
  SlugSchema,
  StayDateSchema,
} from './common.js';
import { EmailSchema, PasswordSchema, PublicNameSchema, validationMessages } from './validation.js';

// ---------- roles ----------

export const RoleSchema = z.enum(['role/customer', 'role/creator', 'role/support']);
export type Role = z.infer<typeof RoleSchema>;
/** The sign-up form's role choice (default consumer) and the claim each maps to. */
export const SignUpRoleSchema = z.enum(['consumer', 'creator']);
export const roleForSignUp = { consumer: 'role/customer', creator: 'role/creator' } as const satisfies Record<
  z.infer<typeof SignUpRoleSchema>,
  Role
>;

// ---------- hotel ----------

export const AddressSchema = z.object({
  line1: z.string().min(1),
  line2: z.string().optional(),
  city: z.string().min(1),
  state: z.string().optional(),
  postalCode: z.string().optional(),
  countryCode: CountryCodeSchema,
});
export type Address = z.infer<typeof AddressSchema>;

export const CoordinatesSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

/** Facility groups of spec section 4, in display order. */
export const FacilityGroupSchema = z.enum(['check-in-out', 'property', 'getting-around', 'parking', 'extras']);
export const FacilitySchema = z.object({ group: FacilityGroupSchema, name: z.string().min(1) });

export const CancellationChargeSchema = z.object({
  /** The charge applies to cancellations from this instant on. */
  from: InstantSchema,
  amount: MoneySchema,
});
export const SurchargeSchema = z.object({
  name: z.string().min(1),
  amount: MoneySchema,
  includedInTotal: z.boolean(),
});

export const RoomRateSchema = z.object({
  id: IdSchema,
  rateName: z.string().min(1),
  benefits: z.array(z.string()),
  cancellationPolicyText: z.string(),
  cancellationCharges: z.array(CancellationChargeSchema),
  surcharges: z.array(SurchargeSchema),
  totalPrice: MoneySchema,
  booked: z.boolean(),
  extraBeds: z.number().int().min(0),
  roomTypeName: z.string().min(1),
  cancellationPolicy: z.object({ charge: MoneySchema, policyText: z.string() }),
  offers: z.array(z.string()),
  promotions: z.array(z.string()),
});
export type RoomRate = z.infer<typeof RoomRateSchema>;

export const RoomTypeSchema = z.object({
  type: z.string().min(1),
  name: z.string().min(1),
  images: z.array(ImageAssetSchema),
  maxGuests: z.number().int().min(1),
  roomDetails: z.string(),
  providerReference: ProviderReferenceSchema,
  /** The bookable rooms (rates) of this type; a room id in the cart is a rate id. */
  rooms: z.array(RoomRateSchema),
});
export type RoomType = z.infer<typeof RoomTypeSchema>;

export const HotelSchema = z.object({
  id: IdSchema,
  name: z.string().min(1),
  slug: SlugSchema,
  titleImage: ImageAssetSchema.optional(),
  address: AddressSchema,
  coordinates: CoordinatesSchema,
  /** Shown as the Overview. */
  description: z.string(),
  images: z.array(ImageAssetSchema),
  facilities: z.array(FacilitySchema),
  additionalInformation: z.string().optional(),
  childAndExtraBedPolicy: z.string().optional(),
  importantNotice: z.string().optional(),
  ratingSummary: z.object({ score: z.number().min(0).max(10), reviewCount: z.number().int().min(0) }).optional(),
  reviewRating: z.number().min(0).max(10).optional(),
  starRating: z.number().min(0).max(5).optional(),
  hotelLocation: z.string().optional(),
  providerReference: ProviderReferenceSchema,
  roomTypes: z.array(RoomTypeSchema),
});
export type Hotel = z.infer<typeof HotelSchema>;

// ---------- itinerary (the cart) ----------

/**
 * The spec does not show status values; these are ours. draft → pending_payment (an invoice is open) →
 * confirmed (paid and booked) → cancelled; expired when a hold lapsed before payment.
 */
export const ItineraryStatusSchema = z.enum(['draft', 'pending_payment', 'confirmed', 'cancelled', 'expired']);
export type ItineraryStatus = z.infer<typeof ItineraryStatusSchema>;

/** Whether the catalog still keeps the rooms for this cart line: held, booked (paid) or released. */
export const RoomHoldStatusSchema = z.enum(['held', 'booked', 'released']);

/** One room choice of a line item (a hold of `rooms` rooms of one type), as it was quoted when added. */
export const BookedRoomSchema = z.object({
  roomType: z.object({ type: z.string().min(1), name: z.string().min(1) }),
  /** The room id of spec section 5: the rate the traveller picked. */
  rateId: IdSchema,
  rateName: z.string(),
  rooms: z.number().int().min(1),
  totalPrice: MoneySchema,
  cancellationPolicyText: z.string(),
  cancellationCharges: z.array(CancellationChargeSchema),
  holdId: IdSchema,
  holdStatus: RoomHoldStatusSchema,
  holdExpiresAt: InstantSchema,
  /** One name per room, set with the guest details. */
  guestNames: z.array(z.string()).optional(),
});
export type BookedRoom = z.infer<typeof BookedRoomSchema>;

export const LineItemSchema = z
  .object({
    identity: IdSchema,
    checkInDate: StayDateSchema,
    checkOutDate: StayDateSchema,
    /** Empty rooms: the room was removed (spec section 4). */
    hotelBooking: z.object({ hotelId: IdSchema, hotelName: z.string(), rooms: z.array(BookedRoomSchema) }),
  })
  .refine((item) => item.checkOutDate > item.checkInDate, {
    message: 'Check-out must be after check-in',
    path: ['checkOutDate'],
  });
export type LineItem = z.infer<typeof LineItemSchema>;

export const LeadGuestSchema = z.strictObject({
  name: z.string().trim().min(1, 'The lead guest name is required').max(120),
  email: EmailSchema,
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,24}$/, 'Use a phone number with digits, spaces, brackets or dashes'),
});
export type LeadGuest = z.infer<typeof LeadGuestSchema>;

/**
 * A booking's short reference, for people: read over the phone, typed into the support tool. `TC-` and eight
 * symbols of an alphabet without 0, O, 1 or I (32 symbols: 5 random bits each, about 10^12 references).
 */
export const BOOKING_REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const BOOKING_REFERENCE_PREFIX = 'TC-';
export const BOOKING_REFERENCE_LENGTH = 8;
export const BookingReferenceSchema = z
  .string()
  .regex(/^TC-[2-9A-HJ-NP-Z]{8}$/, 'Use a booking reference like TC-7K3M9QXA');

/**
 * A reference as a person types it (any case, blanks or dashes anywhere, with or without `TC-`) in its one
 * written form, or null when it cannot be one.
 */
export function normalizeBookingReference(text: string): string | null {
  const symbols = text
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/^TC(?=.{8}$)/, '');
  const reference = `${BOOKING_REFERENCE_PREFIX}${symbols}`;
  return BookingReferenceSchema.safeParse(reference).success ? reference : null;
}

export const ItinerarySchema = z.object({
  id: IdSchema,
  /** The booking's short reference (`TC-7K3M9QXA`), given when the itinerary is made and never changed. */
  reference: BookingReferenceSchema,
  title: z.string(),
  currency: CurrencyCodeSchema,
  status: ItineraryStatusSchema,
  ownerId: IdSchema,
  /** The creator whose page the traveller came from (the `creator` slug), for commissions. */
  creator: SlugSchema.optional(),
  lineItems: z.array(LineItemSchema),
  leadGuest: LeadGuestSchema.optional(),
  /** The invoice to pay while pending payment, and the paid one after. */
  invoiceId: IdSchema.optional(),
  /** Sum of the rooms still in the cart. */
  total: MoneySchema,
  cancellation: z
    .object({
      at: InstantSchema,
      by: z.object({ userId: IdSchema, role: RoleSchema }),
      reason: z.enum(['requested', 'booking-failed']),
    })
    .optional(),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
  confirmedAt: InstantSchema.optional(),
});
export type Itinerary = z.infer<typeof ItinerarySchema>;

// ---------- creators, travellers, content ----------

export const EmailSubscriptionSchema = z.object({
  timeZone: z.string().min(1),
  settings: z.object({ frequency: z.enum(['instant', 'weekly', 'monthly']) }),
  subscriptionType: z.enum(['creator-updates', 'newsletter']),
  email: EmailSchema,
  userId: IdSchema.optional(),
  creatorId: IdSchema,
});
export type EmailSubscription = z.infer<typeof EmailSubscriptionSchema>;

export const RecommendationSchema = z.object({
  hotelId: IdSchema,
  userId: IdSchema,
  recommendationText: z.string(),
  recommendationTitle: z.string().min(1),
  coverImage: ImageAssetSchema.optional(),
  tileImage: ImageAssetSchema.optional(),
  images: z.array(ImageAssetSchema),
});
export type Recommendation = z.infer<typeof RecommendationSchema>;

export const CreatorProfileSchema = z.object({ publicName: PublicNameSchema, slug: SlugSchema });
export type CreatorProfile = z.infer<typeof CreatorProfileSchema>;

export const UserProfileSchema = z.object({
  userId: IdSchema,
  publicName: PublicNameSchema,
  slug: SlugSchema,
  currency: CurrencyCodeSchema,
  country: CountryCodeSchema,
  claims: z.array(RoleSchema),
  creatorProfile: z.object({ heroImage: ImageAssetSchema.optional() }).optional(),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

/** Kept by the browser in session storage under `anonymousUserData`. */
export const AnonymousVisitorDataSchema = z.object({
  currency: z.object({ code: CurrencyCodeSchema }),
  countryCode: CountryCodeSchema,
});
export type AnonymousVisitorData = z.infer<typeof AnonymousVisitorDataSchema>;

// ---------- authentication forms and page context ----------

export const SignInPayloadSchema = z.strictObject({ email: EmailSchema, password: PasswordSchema });
export type SignInPayload = z.infer<typeof SignInPayloadSchema>;

export const SignUpFormSchema = z
  .strictObject({
    email: EmailSchema,
    password: PasswordSchema,
    repassword: z.string({ error: validationMessages.passwordRequired }).min(1, validationMessages.passwordRequired),
    publicName: PublicNameSchema,
    role: SignUpRoleSchema.default('consumer'),
  })
  .refine((form) => form.password === form.repassword, {
    message: validationMessages.passwordsDoNotMatch,
    path: ['repassword'],
  });
export type SignUpForm = z.infer<typeof SignUpFormSchema>;

export const EnvironmentVariablesSchema = z.object({
  authPublicKey: z.string(),
  authDomain: z.string(),
  projectId: z.string(),
  appId: z.string(),
  measurementId: z.string(),
  imagesHost: z.string(),
  publicApiUrl: z.string(),
});

export const RouteContextSchema = z.object({
  csrfToken: z.string(),
  environmentVariables: EnvironmentVariablesSchema,
  isAuthenticated: z.boolean(),
  featureToggles: z.object({ isSignUpEnabled: z.boolean() }),
});
export type RouteContext = z.infer<typeof RouteContextSchema>;

/** A user is new while the account is younger than this (spec section 4). */
export const NEW_USER_WINDOW_MS = 5 * 60 * 1000;
