// Verification requests as stored, and the views of them: the creator's (the request, and the latest one on
// their own profile), and the staff's (who decided). Pure.
import type {
  ProfileVerification,
  StaffVerificationRequest,
  VerificationDecisionBody,
  VerificationRequest,
  VerificationStatus,
} from '@travelclub/contracts';

export interface VerificationRecord {
  _id: string;
  userId: string;
  /** The creator's requests in order (1, 2, ...): unique per creator, so two asks at once open one request. */
  seq: number;
  status: VerificationStatus;
  links: string[];
  note?: string;
  reason?: string;
  createdAt: Date;
  decidedAt?: Date;
  /** The support staff member who decided. */
  decidedBy?: string;
}

/** The status a decision leads to. */
export const statusOf = (decision: VerificationDecisionBody['decision']) =>
  decision === 'approve' ? ('approved' as const) : ('refused' as const);

export function verificationView(record: VerificationRecord): VerificationRequest {
  return {
    id: record._id,
    userId: record.userId,
    status: record.status,
    links: record.links,
    ...(record.note != null && { note: record.note }),
    ...(record.reason != null && { reason: record.reason }),
    createdAt: record.createdAt.toISOString(),
    ...(record.decidedAt && { decidedAt: record.decidedAt.toISOString() }),
  };
}

/** The staff's view: who decided, and the creator's current club address (`handle`) when they have a profile. */
export const staffVerificationView = (record: VerificationRecord, handle?: string): StaffVerificationRequest => ({
  ...verificationView(record),
  ...(record.decidedBy != null && { decidedBy: record.decidedBy }),
  ...(handle !== undefined && { handle }),
});

/** Where the creator's latest request stands, for their own profile: nothing the staff keep to themselves. */
export const profileVerificationView = (record: VerificationRecord): ProfileVerification => ({
  status: record.status,
  ...(record.reason != null && { reason: record.reason }),
  requestedAt: record.createdAt.toISOString(),
  ...(record.decidedAt && { decidedAt: record.decidedAt.toISOString() }),
});
