// A creator's drafts (what Taylor wrote for them to use): listed, read and marked used or dismissed, only by the
// creator they were written for; another's draft is not found.
import type { Draft, DraftKind } from '@travelclub/contracts';
import { AppError } from '@travelclub/kit';
import type { DraftStore } from '../store/drafts.js';

const found = (draft: Draft | null): Draft => {
  if (!draft) throw new AppError('draft-not-found');
  return draft;
};

export function draftFlows(drafts: DraftStore) {
  return {
    list: async (creatorId: string, status: Draft['status'], kind?: DraftKind) => ({
      drafts: await drafts.listOf(creatorId, status, kind),
    }),
    read: async (creatorId: string, id: string) => found(await drafts.get(creatorId, id)),
    setStatus: async (creatorId: string, id: string, status: 'used' | 'dismissed') =>
      found(await drafts.setStatus(creatorId, id, status)),
  };
}

export type DraftFlows = ReturnType<typeof draftFlows>;
