// Taylor's only writes: drafts in the assistant's own store, for the creator to review and publish from the
// dashboard. A draft names real hotels (each read from the catalog first) and the creator's own packages; nothing
// here publishes, deletes or spends.
import { randomUUID } from 'node:crypto';
import type { AssistantToolArgs } from '@travelclub/contracts';
import type { CausalContext } from '@travelclub/kit';
import { newEvent, pendingEvents } from '@travelclub/kit';
import type { CreatorPlatform } from '../clients/platform.js';
import { formatStay, nightsBetween } from '../domain/format.js';
import type { ToolResult } from '../engines/engine.js';
import type { DraftRecord, DraftStore } from '../store/drafts.js';
import { hotelUrl } from './catalog-tools.js';

export interface DraftContext {
  creatorId: string;
  conversationId: string;
  ctx: CausalContext;
}

/** Where the creator reviews a draft: a recommendation opens the stay editor filled in, the rest the drafts page. */
export const draftUrl = (kind: DraftRecord['kind'], id: string) =>
  kind === 'recommendation' ? `/dashboard/stays/add?draft=${id}` : '/dashboard/stays';

const refused = (message: string): ToolResult => ({ ok: false, summary: message, data: { error: message }, links: [] });

type DraftFields = Pick<DraftRecord, 'kind' | 'title' | 'text'> & Partial<DraftRecord>;

/** Saves a draft with its event in the same write, and answers where the creator reviews it. */
async function saveDraft(
  drafts: DraftStore,
  { creatorId, conversationId, ctx }: DraftContext,
  fields: DraftFields,
): Promise<ToolResult> {
  const id = randomUUID();
  const event = newEvent(
    'assistant.draft.created',
    id,
    { draftId: id, creatorId, kind: fields.kind, conversationId },
    ctx,
  );
  const draft = await drafts.insert({
    ...fields,
    _id: id,
    creatorId,
    conversationId,
    status: 'open',
    createdAt: new Date(),
    ...pendingEvents(event),
  });
  const href = draftUrl(draft.kind, draft.id);
  return {
    ok: true,
    summary: `Saved a draft: ${draft.title}`,
    data: { draftId: draft.id, kind: draft.kind, title: draft.title, reviewUrl: href, published: false },
    links: [{ kind: 'draft', label: `Review the draft: ${draft.title}`, href }],
  };
}

export function draftTools(
  platform: CreatorPlatform,
  drafts: DraftStore,
  { creatorId, conversationId, ctx }: DraftContext,
) {
  const save = (fields: DraftFields) => saveDraft(drafts, { creatorId, conversationId, ctx }, fields);

  return {
    async draft_recommendation({ hotelId, text }: AssistantToolArgs<'draft_recommendation'>): Promise<ToolResult> {
      const hotel = await platform.hotel(hotelId);
      return save({
        kind: 'recommendation',
        title: hotel.name,
        text,
        hotel: { id: hotel.id, name: hotel.name, slug: hotel.slug },
      });
    },

    async draft_package({
      title,
      description,
      stays,
      guests,
    }: AssistantToolArgs<'draft_package'>): Promise<ToolResult> {
      const bad = stays.find((s) => nightsBetween(s.checkIn, s.checkOut) < 1);
      if (bad) return refused(`A stay must end after it starts (${bad.checkIn} to ${bad.checkOut})`);
      const hotels = await Promise.all(stays.map((s) => platform.hotel(s.hotelId)));
      const named = stays.map((s, i) => ({ ...s, hotelName: hotels[i]!.name, hotelSlug: hotels[i]!.slug }));
      const outline = named.map((s) => `- ${s.hotelName}: ${formatStay(s.checkIn, s.checkOut)}`).join('\n');
      const result = await save({
        kind: 'package',
        title,
        text: description ? `${description}\n\n${outline}` : outline,
        stays: named,
        guests,
      });
      const hotelLinks = named.map((s) => ({
        kind: 'hotel' as const,
        label: s.hotelName,
        href: hotelUrl(s.hotelSlug),
      }));
      return { ...result, links: [...result.links, ...hotelLinks] };
    },

    async draft_post({ packageId, text }: AssistantToolArgs<'draft_post'>): Promise<ToolResult> {
      let title = 'A post for your followers';
      if (packageId) {
        const mine = (await platform.packages()).packages.find((p) => p.id === packageId);
        if (!mine) return refused('That package is not one of yours');
        title = `A post announcing ${mine.title}`;
      }
      return save({ kind: 'post', title, text, ...(packageId && { packageId }) });
    },
  };
}
