import type { Services } from './services.ts';

/** Finds who owns the resource with an id; undefined when there is no such resource. */
type OwnerLookup = (id: string) => Promise<string | undefined>;

/**
 * How the access check finds the owner of each kind of resource an `owner` route acts on.
 * A new kind of owned resource is one line here (and one fixture in the access-matrix test).
 */
export function createOwnerLookups(services: Services) {
  return {
    property: services.catalogue.property.getOwnerId,
    asset: services.catalogue.asset.getOwnerId,
    request: services.requests.getRequesterId,
    supply: services.supplies.getSupplierId,
    listing: async (id: string) =>
      (await services.catalogue.property.getOwnerId(id)) ?? services.catalogue.asset.getOwnerId(id),
  } satisfies Record<string, OwnerLookup>;
}

export type OwnerLookups = ReturnType<typeof createOwnerLookups>;
export type OwnedResource = keyof OwnerLookups;
