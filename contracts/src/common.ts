// Shapes shared by many entities: identifiers, money, dates, images.
import { z } from 'zod';

export const IdSchema = z.string().min(1).max(128);
export const SlugSchema = z
  .string()
  .min(1)
  .max(64, { abort: true })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens');
export const CurrencyCodeSchema = z.string().regex(/^[A-Z]{3}$/, 'Use a three-letter ISO 4217 code');
export const CountryCodeSchema = z.string().regex(/^[A-Z]{2}$/, 'Use a two-letter ISO 3166 code');
/** An instant: ISO 8601 in UTC. */
export const InstantSchema = z.iso.datetime();
/** A stay date: a plain calendar date in the hotel's local calendar. */
export const StayDateSchema = z.iso.date();

/** Money in integer minor units (cents) with its ISO 4217 currency. */
export const MoneySchema = z.object({
  amount: z.number().int(),
  currency: CurrencyCodeSchema,
});
export type Money = z.infer<typeof MoneySchema>;

export const StayDatesSchema = z
  .object({ checkInDate: StayDateSchema, checkOutDate: StayDateSchema })
  .refine((d) => d.checkOutDate > d.checkInDate, {
    message: 'Check-out must be after check-in',
    path: ['checkOutDate'],
  });
export type StayDates = z.infer<typeof StayDatesSchema>;

/** Where a page of a list stands: the list's length, and the `take` and `skip` that cut this page from it. */
export const pageFields = {
  total: z.number().int().min(0),
  take: z.number().int(),
  skip: z.number().int(),
};

export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_COUNTRY = 'US';

/** Image sizes of spec section 9: small 200 px, medium 600 px, and the original. */
export const ImageAssetSchema = z.object({
  provider: z.string().min(1),
  publicId: z.string().min(1),
  links: z.object({ original: z.url(), '200px': z.url(), '600px': z.url() }),
});
export type ImageAsset = z.infer<typeof ImageAssetSchema>;

export const ProviderReferenceSchema = z.object({ provider: z.string().min(1), id: z.string().min(1) });
export type ProviderReference = z.infer<typeof ProviderReferenceSchema>;
