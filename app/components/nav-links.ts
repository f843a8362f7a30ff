import type { MessageKey } from '#lib/i18n.ts';

export type NavLink = { to: string; label: MessageKey };

/**
 * The 'Our Property' menu, on a phone as on a wide screen: property types, then every asset kind
 * (the spec's list has no Clothes, which sellers supply all the same).
 */
export const OUR_PROPERTY_LINKS: NavLink[] = [
  { to: '/get-properties/type/House', label: 'type.House' },
  { to: '/get-properties/type/Hotel', label: 'type.Hotel' },
  { to: '/get-properties/type/Apartment', label: 'type.Apartment' },
  { to: '/asset-property/Land', label: 'type.Land' },
  { to: '/asset-property/Car', label: 'type.Car' },
  { to: '/asset-property/Motorcycle', label: 'type.Motorcycle' },
  { to: '/asset-property/Clothes', label: 'type.Clothes' },
  { to: '/asset-property/Other', label: 'type.Other' },
];

/** The forms themselves: a signed-out visitor is sent through /login and back. */
export const REQUEST_PROPERTY_LINK: NavLink = {
  to: '/create-request-property',
  label: 'nav.requestProperty',
};

export const SUPPLY_PROPERTY_LINK: NavLink = {
  to: '/create-supply-property',
  label: 'nav.supplyProperty',
};
