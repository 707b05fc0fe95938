// Profiles, club addresses, attribution and a visitor's guessed currency: thin handlers over the profile flows.
import type { AuthUser, endpoints, ImageAsset, ProfileVerification } from '@travelclub/contracts';
import type { FastifyRequest } from 'fastify';
import { appError, type Handlers } from '@travelclub/kit';
import { profileView, publicProfileView, type ProfileRecord } from '../domain/profile.js';
import { guessVisitor } from '../domain/visitor.js';
import type { ProfileFlows } from '../flows/profiles.js';
import type { MultipartReader } from './uploads.js';

type Endpoints = typeof endpoints.creator;
type ProfileEndpoints = Pick<
  Endpoints,
  | 'createProfile'
  | 'readProfile'
  | 'updateProfile'
  | 'myProfile'
  | 'readAttribution'
  | 'setAttribution'
  | 'publicProfile'
  | 'readProfileById'
  | 'updateProfileById'
  | 'isAvailable'
  | 'anonymousUserData'
  | 'uploadHeroImage'
  | 'uploadProfilePicture'
>;

const attributionOf = (record: { attribution?: { at: Date } & object }) => ({
  userAttribution: record.attribution ? { ...record.attribution, at: record.attribution.at.toISOString() } : null,
});

export function profileRoutes(
  profiles: ProfileFlows,
  uploads: { readMultipart: MultipartReader; remove: (assets: ImageAsset[]) => Promise<void> },
  settings: { countryHeader: string },
  latestVerification: (userId: string) => Promise<ProfileVerification | undefined>,
): Handlers<ProfileEndpoints> {
  /**
   * The owner's view with where their latest verification request stands. Every answer of the owner's profile
   * carries it, so a page that keeps the answer of a save (club settings) still knows it.
   */
  const own = async (record: ProfileRecord) => profileView(record, await latestVerification(record._id));

  /** Reads the form's one image and puts it on the profile; a refused change leaves no file behind. */
  async function upload(req: FastifyRequest, user: AuthUser, id: string, which: 'heroImage' | 'profilePicture') {
    if (id !== user.id) throw appError('profile-not-found');
    const form = await uploads.readMultipart(req, { single: ['image', 'file'], many: [] });
    const image = form.files.image?.[0] ?? form.files.file?.[0];
    if (!image) throw appError('image-missing');
    try {
      const { record, previous } = await profiles.setImage(user, id, which, image);
      if (previous) await uploads.remove([previous]);
      return own(record);
    } catch (err) {
      await form.discard();
      throw err;
    }
  }

  return {
    uploadHeroImage: ({ params, user, req }) => upload(req, user, params.id, 'heroImage'),
    uploadProfilePicture: ({ params, user, req }) => upload(req, user, params.id, 'profilePicture'),

    createProfile: async ({ body, user, ctx }, reply) => {
      // An anonymous visitor's account is a cart holder, not a person with a profile yet.
      if (user.isAnonymous) throw appError('forbidden');
      const fallbackName = user.email?.split('@')[0] ?? 'Traveller';
      const { record, created } = await profiles.create(user.id, user.roles, body ?? {}, fallbackName, ctx);
      return reply.code(created ? 201 : 200).send(await own(record));
    },
    readProfile: async ({ user, ctx }) => own(await profiles.mine(user, ctx)),
    myProfile: async ({ user, ctx }) => own(await profiles.mine(user, ctx)),
    updateProfile: async ({ body, user, ctx }) => own(await profiles.update(user.id, body, ctx)),

    readAttribution: async ({ user, ctx }) => attributionOf(await profiles.mine(user, ctx)),
    setAttribution: async ({ body, user }) => attributionOf(await profiles.attribute(user.id, body.userAttribution)),

    publicProfile: async ({ params }) => publicProfileView(await profiles.publicBySlug(params.slug)),

    // The owner's, or support staff's (who decide the requests anyway).
    readProfileById: async ({ params, user, ctx }) => own(await profiles.byId(params.id, user, ctx)),
    updateProfileById: async ({ params, body, user, ctx }) => {
      // Only the owner changes a profile; support staff read it, nothing more.
      if (params.id !== user.id) throw appError('profile-not-found');
      return own(await profiles.update(user.id, body, ctx));
    },

    isAvailable: ({ params, user }) => profiles.isAvailable(params.handle, user),

    anonymousUserData: async ({ req }) => {
      const country = req.headers[settings.countryHeader];
      return guessVisitor(typeof country === 'string' ? country : undefined, req.headers['accept-language']);
    },
  };
}
