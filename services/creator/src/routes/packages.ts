// Travel packages and travellers' requests for them: thin handlers over the package flows.
import { appError, type Handlers } from '@travelclub/kit';
import type { creatorPackageEndpoints } from '@travelclub/contracts';
import { packageView } from '../domain/packages.js';
import type { PackageRequestFlows } from '../flows/package-requests.js';
import type { PackageFlows } from '../flows/packages.js';

export function packageRoutes(
  packages: PackageFlows,
  requests: PackageRequestFlows,
): Handlers<typeof creatorPackageEndpoints> {
  return {
    savePackage: async ({ body, user, ctx }, reply) => {
      const { record, created } = await packages.save(user, body, ctx);
      return reply.code(created ? 201 : 200).send(packageView(record));
    },
    myPackages: ({ query, user }) => packages.mine(user, query.take, query.skip),
    orderPackages: ({ body, user }) => packages.order(user, body.ids),
    readPackage: ({ params, user }) => packages.read(params.id, user),
    deletePackage: async ({ params, user, ctx }, reply) => {
      await packages.remove(user, params.id, ctx);
      return reply.code(204).send();
    },
    packageWithHotels: ({ params, query, user, ctx }) => packages.withHotels(params.id, user, query.currency, ctx),
    togglePackage: async ({ params, body, user, ctx }) => {
      // The spec's body names the package too; it must be the one of the path.
      if (body.packageId !== undefined && body.packageId !== params.id)
        throw appError('validation-failed', [{ path: 'packageId', message: 'Must be the package in the path' }]);
      return packageView(await packages.toggle(user, params.id, body.isActive, ctx));
    },
    publicPackages: ({ params }) => packages.publicOf(params.slug),
    requestPackage: async ({ body, user, req }) => {
      await requests.request(body, user, req.ip);
      return { requested: true as const };
    },
    myPackageRequests: ({ user }) => requests.mine(user),
    packageForBooking: ({ params }) => packages.forBooking(params.id),
  };
}
