// Room holds as rules: the record a hold is, its id (from who asked and their key), the hash that tells a
// repeated request from a different one, whether a rate names the room asked for, and the hold as answered.
import type { Hold } from '@travelclub/contracts';
import { createHash } from 'node:crypto';
import type { RateKey } from './rates.js';

export type HoldStatus = Hold['status'];
export type ReleaseReason = 'expired' | 'removed' | 'cancelled';

export interface HoldRecord {
  id: string;
  hotelId: string;
  /** Kept so the hold can be shown without the index (cart lines, invoices). */
  hotelName: string;
  roomType: string;
  rateId: string;
  rooms: number;
  checkIn: string;
  checkOut: string;
  nights: string[];
  itineraryId: string;
  lineItemId: string;
  ownerId: string;
  status: HoldStatus;
  quote: Hold['quote'];
  expiresAt: Date;
  createdAt: Date;
  /** What was asked for, so a repeated idempotency key with a different request is refused. */
  requestHash: string;
  invoiceId?: string;
  releasedReason?: ReleaseReason;
  releasedAt?: Date;
  /** Invoices for which booking this lapsed hold failed (each reported once). */
  failedFor?: string[];
}

/** The room a hold asks for, on the stay of its search. */
export interface HoldRequest {
  hotelId: string;
  roomType: string;
  rateId: string;
  rooms: number;
  checkIn: string;
  checkOut: string;
  itineraryId: string;
  lineItemId: string;
  currency: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** A hold's id follows from who asked and their key: the same request twice finds the same hold. */
export const holdIdFor = (ownerId: string, idempotencyKey: string) =>
  `hold_${sha256(`${ownerId}\n${idempotencyKey}`).slice(0, 24)}`;

/** Over the request's fields in their order: the same request gives the same hash. */
export const requestHashOf = (request: HoldRequest) => sha256(JSON.stringify(request));

/** Whether a parsed rate id is a rate of the room, stay and room count asked for. */
export const rateIsFor = (rate: RateKey, request: HoldRequest) =>
  rate.hotelId === request.hotelId &&
  rate.roomType === request.roomType &&
  rate.checkIn === request.checkIn &&
  rate.checkOut === request.checkOut &&
  rate.rooms === request.rooms;

export function holdView(record: HoldRecord): Hold {
  return {
    id: record.id,
    hotelId: record.hotelId,
    hotelName: record.hotelName,
    roomType: record.roomType,
    rateId: record.rateId,
    rooms: record.rooms,
    checkIn: record.checkIn,
    checkOut: record.checkOut,
    itineraryId: record.itineraryId,
    lineItemId: record.lineItemId,
    ownerId: record.ownerId,
    status: record.status,
    quote: record.quote,
    expiresAt: new Date(record.expiresAt).toISOString(),
    createdAt: new Date(record.createdAt).toISOString(),
  };
}
