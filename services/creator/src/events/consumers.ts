// What the creator service hears: accounts registering (their profile is made with the name they signed up
// with) and roles granted (a traveller becoming a creator). The kit records handled event ids.
import { createServiceConsumer, type ServiceApp } from '@travelclub/kit';
import type { ProfileFlows } from '../flows/profiles.js';

export function creatorConsumer(app: ServiceApp, profiles: ProfileFlows) {
  return createServiceConsumer(app, { groupId: 'creator' })
    .handle('auth.account.registered', async (event, ctx) => {
      const { userId, publicName, roles } = event.payload;
      const { record, created } = await profiles.create(userId, roles, { publicName }, publicName, ctx);
      if (!created) await profiles.syncClaims(record._id, roles, ctx);
    })
    .handle('auth.role.granted', async (event, ctx) => {
      await profiles.syncClaims(event.payload.userId, event.payload.roles, ctx);
    });
}
