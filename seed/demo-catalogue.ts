/**
 * The demo catalogue: believable Kigali listings that make a fresh install look alive. Plain
 * data only; `demo.ts` turns it into rows with the factories' value builders.
 */
import type { assets, properties } from '#db/schema.ts';
import type { ListingType, PricePeriod } from '#lib/listing.ts';
import type { DemoScene } from '#seed/demo-images.ts';

type NewProperty = typeof properties.$inferInsert;
type NewAsset = typeof assets.$inferInsert;

export type DemoOwner = { name: string; email: string; phone: string };

/** Sellers who own the demo listings: they have no password until accounts exist. */
export const DEMO_OWNERS = [
  { name: 'Jean Claude Habimana', email: 'jeanclaude.habimana@example.rw', phone: '0788312457' },
  { name: 'Aline Uwase', email: 'aline.uwase@example.rw', phone: '0722118934' },
  { name: 'Eric Mugisha', email: 'eric.mugisha@example.rw', phone: '0733402761' },
  { name: 'Diane Mukamana', email: 'diane.mukamana@example.rw', phone: '0785660213' },
  { name: 'Patrick Niyonzima', email: 'patrick.niyonzima@example.rw', phone: '0738905146' },
  { name: 'Grace Uwimana', email: 'grace.uwimana@example.rw', phone: '0728244509' },
  { name: 'Olivier Nshimiyimana', email: 'olivier.nshimiyimana@example.rw', phone: '0781537820' },
  { name: 'Claudine Ingabire', email: 'claudine.ingabire@example.rw', phone: '0789071365' },
] as const satisfies readonly DemoOwner[];

/** Index into DEMO_OWNERS. */
type OwnerIndex = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

type DemoListing = {
  owner: OwnerIndex;
  /** How long ago it was listed, so "time ago" varies across the catalogue. */
  ageHours: number;
  /** The picture to draw; the type's usual scene when omitted. */
  scene?: DemoScene;
};

export type DemoProperty = DemoListing &
  Required<
    Pick<
      NewProperty,
      | 'type'
      | 'title'
      | 'description'
      | 'price'
      | 'offer'
      | 'location'
      | 'bedrooms'
      | 'bathrooms'
      | 'toilets'
      | 'features'
    >
  > &
  Pick<
    NewProperty,
    | 'availability'
    | 'address'
    | 'areaSqm'
    | 'district'
    | 'sector'
    | 'pricePeriod'
    | 'upi'
    | 'listedBy'
    | 'commission'
    | 'viewingFee'
    | 'latitude'
    | 'longitude'
    | 'locationPrecision'
  >;

export type DemoAsset = DemoListing &
  Required<
    Pick<NewAsset, 'type' | 'name' | 'description' | 'price' | 'offer' | 'location' | 'features'>
  > &
  Pick<
    NewAsset,
    | 'availability'
    | 'district'
    | 'listedBy'
    | 'commission'
    | 'viewingFee'
    | 'sector'
    | 'pricePeriod'
    | 'upi'
    | 'transmission'
    | 'fuel'
    | 'isCertified'
    | 'isInspected'
    | 'warranty'
    | 'rentalPrice'
    | 'rentDuration'
    | 'size'
    | 'condition'
    | 'sizeCloth'
  >;

const DAY = 24;

export const DEMO_PROPERTIES: DemoProperty[] = [
  // Houses
  {
    owner: 0,
    ageHours: 3,
    type: 'House',
    title: 'Four-bedroom family house with garden in Kibagabaga',
    // Where the seller put the pin (the demo's pinned listings; the rest stand at their sector).
    latitude: -1.9297,
    longitude: 30.1125,
    locationPrecision: 'exact',
    description:
      'A bright family home on a quiet paved street, ten minutes from Kigali Heights. The living room opens onto a large lawn with fruit trees, and the kitchen has a separate store. Water never runs out thanks to the borehole and reserve tank.',
    price: 1_200_000,
    offer: 'Rent',
    location: 'Kibagabaga, Gasabo',
    address: 'KG 404 St',
    bedrooms: 4,
    bathrooms: 3,
    toilets: 4,
    areaSqm: 320,
    features: ['Garden', 'Parking', 'Borehole', 'Security guard', 'Fibre internet'],
  },
  {
    owner: 4,
    ageHours: 2 * DAY + 5,
    type: 'House',
    title: 'Modern villa with swimming pool in Nyarutarama',
    latitude: -1.9402,
    longitude: 30.1016,
    locationPrecision: 'approximate',
    listedBy: 'agent',
    commission: 9_600_000,
    description:
      'A contemporary five-bedroom villa near the golf course, finished with large windows and polished concrete floors. The pool terrace looks over the valley towards Kigali city. Sold with title deed and an approved building permit for an annex.',
    price: 480_000_000,
    offer: 'Sale',
    location: 'Nyarutarama, Gasabo',
    address: 'KG 9 Ave',
    bedrooms: 5,
    bathrooms: 5,
    toilets: 6,
    areaSqm: 540,
    features: [
      'Swimming pool',
      'Balcony with city view',
      'Backup generator',
      'Parking',
      'Security guard',
    ],
  },
  {
    owner: 2,
    ageHours: 5 * DAY + 2,
    type: 'House',
    title: 'Three-bedroom bungalow in Kagarama',
    description:
      'A well built bungalow on a 600 sqm plot, five minutes from the Kicukiro centre road. It has tiled floors, a fitted kitchen and a covered veranda. Ideal for a young family or as a rental investment.',
    price: 95_000_000,
    offer: 'Sale',
    location: 'Kagarama, Kicukiro',
    bedrooms: 3,
    bathrooms: 2,
    toilets: 2,
    areaSqm: 180,
    features: ['Garden', 'Parking', 'Water tank'],
  },
  {
    owner: 5,
    ageHours: 9 * DAY,
    type: 'House',
    title: 'Affordable two-bedroom house in Kinyinya',
    description:
      'A neat two-bedroom house in a calm neighbourhood with easy access to public transport. Water and electricity are on separate meters. Suitable for a couple or a small family.',
    price: 250_000,
    offer: 'Rent',
    location: 'Kinyinya, Gasabo',
    bedrooms: 2,
    bathrooms: 1,
    toilets: 1,
    areaSqm: 90,
    features: ['Parking', 'Fenced compound'],
  },
  {
    owner: 0,
    ageHours: 14 * DAY + 7,
    type: 'House',
    title: 'Executive house near the Convention Centre, Kimihurura',
    latitude: -1.9518,
    longitude: 30.0958,
    locationPrecision: 'approximate',
    listedBy: 'agent',
    commission: 500_000,
    description:
      'A fully furnished executive residence a short walk from the Kigali Convention Centre and the embassies. It comes with staff quarters, a landscaped garden and round-the-clock security. Currently let to a diplomatic tenant.',
    price: 2_800_000,
    offer: 'Rent',
    availability: 'Rented',
    location: 'Kimihurura, Gasabo',
    address: 'KG 7 Ave',
    bedrooms: 4,
    bathrooms: 4,
    toilets: 5,
    areaSqm: 400,
    features: ['Furnished', 'Garden', 'Backup generator', 'Security guard', 'Staff quarters'],
  },
  {
    owner: 3,
    ageHours: 21 * DAY,
    type: 'House',
    title: 'Family house with a big compound in Gahanga',
    description:
      'A four-bedroom house on a generous plot with room for a vegetable garden and a second building. The road is being tarmacked and schools are nearby. Sold to a local family last month.',
    price: 65_000_000,
    offer: 'Sale',
    availability: 'Sold',
    location: 'Gahanga, Kicukiro',
    bedrooms: 4,
    bathrooms: 2,
    toilets: 3,
    areaSqm: 210,
    features: ['Garden', 'Parking', 'Borehole'],
  },
  {
    owner: 6,
    ageHours: 27 * DAY + 4,
    type: 'House',
    title: 'Five-bedroom colonial house in Kiyovu',
    latitude: -1.9527,
    longitude: 30.0632,
    locationPrecision: 'exact',
    description:
      'A character house on one of the greenest streets of Kiyovu, minutes from the city centre. High ceilings, a wide veranda and mature jacaranda trees give it a calm feel. The plot allows a second residence.',
    price: 550_000_000,
    offer: 'Sale',
    location: 'Kiyovu, Nyarugenge',
    address: 'KN 47 St',
    bedrooms: 5,
    bathrooms: 3,
    toilets: 4,
    areaSqm: 460,
    features: ['Garden', 'Parking', 'Staff quarters', 'Security guard'],
  },
  {
    owner: 1,
    ageHours: 33 * DAY,
    type: 'House',
    title: 'Cosy three-bedroom house in Kanombe, near the airport',
    latitude: -1.9712,
    longitude: 30.1296,
    locationPrecision: 'approximate',
    description:
      'A comfortable house ten minutes from Kigali International Airport, ideal for airline or military families. It has a small garden, a covered parking for two cars and fibre internet.',
    price: 450_000,
    offer: 'Rent',
    location: 'Kanombe, Kicukiro',
    bedrooms: 3,
    bathrooms: 2,
    toilets: 2,
    areaSqm: 150,
    features: ['Parking', 'Garden', 'Fibre internet'],
  },
  {
    owner: 7,
    ageHours: 41 * DAY + 6,
    type: 'House',
    title: 'Starter home in Muhoza, Musanze town',
    description:
      'A solid two-bedroom starter home near the Musanze market, on a fenced plot with a water tank. A good first property at a fair price.',
    price: 42_000_000,
    offer: 'Sale',
    location: 'Muhoza, Musanze',
    district: 'Musanze',
    sector: 'Muhoza',
    upi: '4/03/10/01/2456',
    bedrooms: 2,
    bathrooms: 1,
    toilets: 2,
    areaSqm: 110,
    features: ['Water tank', 'Fenced compound'],
  },
  {
    owner: 2,
    ageHours: 52 * DAY,
    type: 'House',
    title: 'Renovated house with rooftop terrace in Nyamirambo',
    description:
      'A renovated three-bedroom house in lively Nyamirambo, close to the mosque and the cafés of KN 2 Ave. The rooftop terrace looks over Mount Kigali. Kitchen and bathrooms are new.',
    price: 600_000,
    offer: 'Rent',
    location: 'Nyamirambo, Nyarugenge',
    address: 'KN 2 Ave',
    bedrooms: 3,
    bathrooms: 2,
    toilets: 2,
    areaSqm: 140,
    features: ['Balcony with city view', 'Fibre internet', 'Water tank'],
  },
  // Three-bedroom houses for rent in Kicukiro and, under the apartments, two-bedroom ones for
  // rent in Gasabo: five of each with the Kanombe house and the Kacyiru and Kibagabaga
  // apartments, so the price guide gives their medians and their pages compare their rents
  // (PRICE_GUIDE_MIN_LISTINGS).
  {
    owner: 3,
    ageHours: 8 * DAY + 4,
    type: 'House',
    title: 'Three-bedroom house with a garden in Niboye',
    description:
      'A neat house on a quiet murram road, five minutes from the Niboye health centre. The garden is fenced and there is room to park two cars inside the gate.',
    price: 400_000,
    offer: 'Rent',
    location: 'Niboye, Kicukiro',
    bedrooms: 3,
    bathrooms: 2,
    toilets: 2,
    areaSqm: 140,
    features: ['Garden', 'Parking', 'Water tank'],
  },
  {
    owner: 5,
    ageHours: 17 * DAY,
    type: 'House',
    title: 'Three-bedroom house near the Gatenga market',
    description:
      'A family house a short walk from the market and the bus stop on the Sonatubes road. The kitchen was redone last year and the master bedroom has its own bathroom.',
    price: 500_000,
    offer: 'Rent',
    location: 'Gatenga, Kicukiro',
    bedrooms: 3,
    bathrooms: 2,
    toilets: 3,
    areaSqm: 160,
    features: ['Parking', 'Security guard', 'Fibre internet'],
  },
  {
    owner: 6,
    ageHours: 31 * DAY,
    type: 'House',
    title: 'Three-bedroom house with a covered terrace in Kigarama',
    description:
      'A bright house with a covered terrace for evenings outside and a separate room for a house help. Schools and shops are within walking distance.',
    price: 550_000,
    offer: 'Rent',
    location: 'Kigarama, Kicukiro',
    bedrooms: 3,
    bathrooms: 2,
    toilets: 3,
    areaSqm: 175,
    features: ['Garden', 'Parking', 'Servant quarters'],
  },
  {
    owner: 0,
    ageHours: 44 * DAY,
    type: 'House',
    title: 'Three-bedroom family house in Gikondo',
    description:
      'A solid house in a calm part of Gikondo, close to the industrial area and to town. Water and electricity meters are prepaid and in the tenant’s name.',
    price: 480_000,
    offer: 'Rent',
    location: 'Gikondo, Kicukiro',
    bedrooms: 3,
    bathrooms: 1,
    toilets: 2,
    areaSqm: 130,
    features: ['Parking', 'Water tank'],
  },
  // Apartments
  {
    owner: 1,
    ageHours: 6,
    type: 'Apartment',
    title: 'Furnished two-bedroom apartment in Kacyiru',
    description:
      'A modern, fully furnished apartment close to the ministries and the US Embassy. It has an open kitchen, a balcony and a lift. Cleaning and internet are included in the rent.',
    price: 900_000,
    offer: 'Rent',
    location: 'Kacyiru, Gasabo',
    address: 'KG 5 Ave',
    bedrooms: 2,
    bathrooms: 2,
    toilets: 2,
    areaSqm: 95,
    features: ['Furnished', 'Fibre internet', 'Backup generator', 'Lift', 'Parking'],
  },
  {
    owner: 5,
    ageHours: DAY + 3,
    type: 'Apartment',
    title: 'Studio apartment in Remera near Amahoro Stadium',
    description:
      'A compact studio on the second floor, a short walk from Amahoro Stadium and the Remera bus park. Perfect for a student or a young professional.',
    price: 180_000,
    offer: 'Rent',
    availability: 'Rented',
    location: 'Remera, Gasabo',
    bedrooms: 1,
    bathrooms: 1,
    toilets: 1,
    areaSqm: 35,
    features: ['Security guard', 'Water tank'],
  },
  {
    owner: 4,
    ageHours: 4 * DAY,
    type: 'Apartment',
    title: 'Three-bedroom penthouse with city view in Nyarutarama',
    listedBy: 'agent',
    commission: 300_000,
    description:
      'A top-floor penthouse with a wraparound balcony facing the city and the hills of Gasabo. The building has a gym, a pool and underground parking. Sold with two parking spaces.',
    price: 320_000_000,
    offer: 'Sale',
    location: 'Nyarutarama, Gasabo',
    address: 'KG 11 Ave',
    bedrooms: 3,
    bathrooms: 3,
    toilets: 4,
    areaSqm: 210,
    features: ['Balcony with city view', 'Swimming pool', 'Gym', 'Lift', 'Backup generator'],
  },
  {
    owner: 0,
    ageHours: 7 * DAY + 9,
    type: 'Apartment',
    title: 'One-bedroom apartment in Kimihurura',
    description:
      'A quiet one-bedroom apartment in a small block with a shared garden. Restaurants and the Kigali Convention Centre are within walking distance. Available from the first of next month.',
    price: 550_000,
    offer: 'Rent',
    location: 'Kimihurura, Gasabo',
    bedrooms: 1,
    bathrooms: 1,
    toilets: 1,
    areaSqm: 60,
    features: ['Garden', 'Fibre internet', 'Parking'],
  },
  {
    owner: 3,
    ageHours: 11 * DAY,
    type: 'Apartment',
    title: 'Two-bedroom apartment in Niboye',
    listedBy: 'commissioner',
    commission: 50_000,
    viewingFee: 5_000,
    description:
      'A bright apartment on the first floor of a new building in Niboye, Kicukiro. It has a balcony, a fitted kitchen and a reserved parking space.',
    price: 350_000,
    offer: 'Rent',
    location: 'Niboye, Kicukiro',
    bedrooms: 2,
    bathrooms: 1,
    toilets: 2,
    areaSqm: 80,
    features: ['Parking', 'Balcony', 'Security guard'],
  },
  {
    owner: 6,
    ageHours: 16 * DAY + 1,
    type: 'Apartment',
    title: 'Apartment with a view of the city centre in Kiyovu',
    description:
      'A spacious two-bedroom apartment in a well kept building in Kiyovu, minutes from the city centre. Comes with a storage room and a covered parking space. Service charges are low.',
    price: 150_000_000,
    offer: 'Sale',
    location: 'Kiyovu, Nyarugenge',
    address: 'KN 67 St',
    bedrooms: 2,
    bathrooms: 2,
    toilets: 2,
    areaSqm: 120,
    features: ['Balcony with city view', 'Lift', 'Parking', 'Backup generator'],
  },
  {
    owner: 7,
    ageHours: 24 * DAY,
    type: 'Apartment',
    title: 'Serviced apartment in Kimisagara',
    description:
      'A serviced one-bedroom apartment with weekly cleaning and laundry. Close to Nyabugogo bus terminal, so the whole country is one bus away.',
    price: 300_000,
    offer: 'Rent',
    location: 'Kimisagara, Nyarugenge',
    bedrooms: 1,
    bathrooms: 1,
    toilets: 1,
    areaSqm: 45,
    features: ['Furnished', 'Fibre internet', 'Security guard'],
  },
  {
    owner: 2,
    ageHours: 38 * DAY,
    type: 'Apartment',
    title: 'Three-bedroom apartment for sale in Gikondo',
    description:
      'A family apartment in a gated estate in Gikondo with a playground and ample parking. The unit has been repainted and the kitchen renovated. The sale has just been completed.',
    price: 78_000_000,
    offer: 'Sale',
    availability: 'Sold',
    location: 'Gikondo, Kicukiro',
    bedrooms: 3,
    bathrooms: 2,
    toilets: 2,
    areaSqm: 115,
    features: ['Parking', 'Playground', 'Security guard'],
  },
  {
    owner: 1,
    ageHours: 57 * DAY,
    type: 'Apartment',
    title: 'New two-bedroom apartment in Kibagabaga',
    description:
      'A brand-new apartment with large windows and a balcony facing the Kibagabaga valley. Each unit has its own water meter and a backup tank.',
    price: 650_000,
    offer: 'Rent',
    location: 'Kibagabaga, Gasabo',
    bedrooms: 2,
    bathrooms: 2,
    toilets: 2,
    areaSqm: 90,
    features: ['Balcony with city view', 'Parking', 'Water tank', 'Fibre internet'],
  },
  {
    owner: 2,
    ageHours: 12 * DAY + 3,
    type: 'Apartment',
    title: 'Two-bedroom apartment near Kimironko market',
    description:
      'A second-floor apartment two streets from Kimironko market, with a balcony and a lockable parking space. Buses to town stop at the corner.',
    price: 500_000,
    offer: 'Rent',
    location: 'Kimironko, Gasabo',
    bedrooms: 2,
    bathrooms: 1,
    toilets: 2,
    areaSqm: 80,
    features: ['Balcony', 'Parking', 'Water tank'],
  },
  {
    owner: 4,
    ageHours: 23 * DAY,
    type: 'Apartment',
    title: 'Two-bedroom apartment with a balcony in Remera',
    description:
      'A quiet apartment behind the Remera taxi park, close to Amahoro Stadium and Kigali Heights. The building has a caretaker and a backup generator.',
    price: 600_000,
    offer: 'Rent',
    location: 'Remera, Gasabo',
    bedrooms: 2,
    bathrooms: 2,
    toilets: 2,
    areaSqm: 95,
    features: ['Balcony', 'Backup generator', 'Security guard'],
  },
  {
    owner: 7,
    ageHours: 36 * DAY,
    type: 'Apartment',
    title: 'Two-bedroom apartment with a play area in Kinyinya',
    description:
      'A family apartment in a gated block with a children’s play area and a small shop on site. Fibre internet is already connected.',
    price: 550_000,
    offer: 'Rent',
    location: 'Kinyinya, Gasabo',
    bedrooms: 2,
    bathrooms: 1,
    toilets: 2,
    areaSqm: 85,
    features: ['Playground', 'Parking', 'Fibre internet'],
  },
  // Hotels
  {
    owner: 6,
    ageHours: 12,
    type: 'Hotel',
    title: 'Boutique hotel with 18 rooms in Kiyovu',
    listedBy: 'agent',
    commission: 15_000_000,
    description:
      'An established boutique hotel with 18 en-suite rooms, a restaurant and a garden bar. Occupancy is strong thanks to conference guests and embassy visitors. Sold as a going concern with its staff and licences.',
    price: 580_000_000,
    offer: 'Sale',
    location: 'Kiyovu, Nyarugenge',
    address: 'KN 3 Ave',
    bedrooms: 18,
    bathrooms: 18,
    toilets: 20,
    areaSqm: 1_400,
    features: ['Swimming pool', 'Restaurant', 'Backup generator', 'Parking', 'Fibre internet'],
  },
  {
    owner: 7,
    ageHours: 3 * DAY + 8,
    type: 'Hotel',
    title: 'Guest house with 8 rooms in Nyamirambo',
    description:
      'A friendly guest house popular with backpackers and visiting families, near the Nyamirambo Women’s Centre. Eight rooms, a rooftop breakfast area and a small kitchen.',
    price: 185_000_000,
    offer: 'Sale',
    location: 'Nyamirambo, Nyarugenge',
    bedrooms: 8,
    bathrooms: 6,
    toilets: 8,
    areaSqm: 520,
    features: ['Balcony with city view', 'Fibre internet', 'Water tank'],
  },
  {
    owner: 4,
    ageHours: 6 * DAY,
    type: 'Hotel',
    title: 'Hotel for lease on the airport road, Remera',
    description:
      'A 24-room hotel building on the main airport road, ready for an operator. It has a conference hall, a kitchen and parking for 30 cars. The lease is offered for a minimum of five years.',
    price: 3_000_000,
    offer: 'Rent',
    pricePeriod: 'month',
    location: 'Remera, Gasabo',
    address: 'KK 15 Rd',
    bedrooms: 24,
    bathrooms: 24,
    toilets: 26,
    areaSqm: 2_100,
    features: ['Parking', 'Conference hall', 'Backup generator', 'Lift'],
  },
  {
    owner: 3,
    ageHours: 13 * DAY + 2,
    type: 'Hotel',
    title: 'Lakeside garden lodge in Gisenyi',
    description:
      'A lodge with 10 cottages in a quiet garden a short walk from the Lake Kivu beach. The kitchen, bar and laundry are fully equipped, so a new operator can open at once.',
    price: 2_200_000,
    offer: 'Rent',
    pricePeriod: 'month',
    location: 'Rue du Lac, Gisenyi, Rubavu',
    district: 'Rubavu',
    sector: 'Gisenyi',
    bedrooms: 10,
    bathrooms: 10,
    toilets: 11,
    areaSqm: 900,
    features: ['Garden', 'Restaurant', 'Parking', 'Security guard'],
  },
  {
    owner: 0,
    ageHours: 19 * DAY,
    type: 'Hotel',
    title: 'Business hotel with 32 rooms in Kacyiru',
    description:
      'A modern business hotel near the government quarter with 32 rooms, a rooftop restaurant and two meeting rooms. The building is eight years old and well maintained.',
    price: 590_000_000,
    offer: 'Sale',
    location: 'Kacyiru, Gasabo',
    address: 'KG 2 Ave',
    bedrooms: 32,
    bathrooms: 32,
    toilets: 34,
    areaSqm: 2_600,
    features: ['Swimming pool', 'Lift', 'Restaurant', 'Backup generator', 'Fibre internet'],
  },
  {
    owner: 5,
    ageHours: 29 * DAY,
    type: 'Hotel',
    title: 'Budget hotel in Nyarugenge town centre',
    description:
      'A 20-room budget hotel in the heart of the city, a few steps from the main bus stops and shops. It is currently leased to an operator.',
    price: 2_500_000,
    offer: 'Rent',
    pricePeriod: 'month',
    availability: 'Rented',
    location: 'Nyarugenge, Nyarugenge',
    address: 'KN 4 Ave',
    bedrooms: 20,
    bathrooms: 20,
    toilets: 20,
    areaSqm: 1_100,
    features: ['Restaurant', 'Backup generator', 'Security guard'],
  },
  {
    owner: 1,
    ageHours: 46 * DAY,
    type: 'Hotel',
    title: 'Guest house near the volcanoes in Kinigi',
    description:
      'A twelve-room guest house at the foot of the Virunga volcanoes, ten minutes from the Volcanoes National Park gate. There is room on the plot to add a pool or six more rooms.',
    price: 240_000_000,
    offer: 'Sale',
    location: 'Kinigi, Musanze',
    district: 'Musanze',
    sector: 'Kinigi',
    bedrooms: 12,
    bathrooms: 12,
    toilets: 13,
    areaSqm: 950,
    features: ['Balcony with city view', 'Garden', 'Parking', 'Borehole'],
  },
];

export const DEMO_ASSETS: DemoAsset[] = [
  // Land
  {
    owner: 3,
    ageHours: 8,
    type: 'Land',
    name: 'Residential plot in Kibagabaga',
    description:
      'A flat residential plot in a developing neighbourhood with water and electricity at the boundary. The title deed is ready for transfer. Zoned for a house of up to two storeys.',
    price: 35_000_000,
    offer: 'Sale',
    location: 'Kibagabaga, Gasabo',
    features: ['Title deed', 'Water connection', 'Electricity nearby'],
    size: '20 x 30 m (600 sqm)',
  },
  {
    owner: 6,
    ageHours: 4 * DAY + 6,
    type: 'Land',
    name: 'Commercial plot on the main road in Gahanga',
    listedBy: 'agent',
    commission: 1_000_000,
    description:
      'A corner plot on the tarmac road towards Nyamata, suited to shops or a filling station. Gently sloping with red, well drained soil.',
    price: 95_000_000,
    offer: 'Sale',
    location: 'Gahanga, Kicukiro',
    features: ['Title deed', 'Road access', 'Commercial zoning'],
    size: '30 x 40 m (1,200 sqm)',
  },
  {
    owner: 0,
    ageHours: 17 * DAY,
    type: 'Land',
    name: 'Plot with a view in Kinyinya',
    description:
      'A hillside plot looking over Kinyinya and the city beyond. Neighbours have already built, so water and power lines are close. Recently sold.',
    price: 18_000_000,
    offer: 'Sale',
    availability: 'Sold',
    location: 'Kinyinya, Gasabo',
    features: ['Title deed', 'City view'],
    size: '15 x 20 m (300 sqm)',
  },
  {
    owner: 2,
    ageHours: 35 * DAY,
    type: 'Land',
    name: 'Affordable plot near the university in Huye',
    description:
      'A small plot in a quiet residential area of Tumba, near the University of Rwanda campus, ideal for a first house. All taxes are paid and the owner can show the master plan.',
    price: 8_500_000,
    offer: 'Sale',
    location: 'Tumba, Huye',
    district: 'Huye',
    sector: 'Tumba',
    upi: '2/05/13/02/1187',
    features: ['Title deed', 'Road access'],
    size: '12 x 20 m (240 sqm)',
  },
  // Cars
  {
    owner: 1,
    ageHours: 1,
    type: 'Car',
    scene: 'suv',
    name: 'Toyota RAV4 2018',
    description:
      'Well kept, one owner, full service history at the dealer. New tyres and a fresh inspection certificate.',
    price: 24_000_000,
    offer: 'Sale',
    location: 'Remera, Gasabo',
    features: ['Air conditioning', 'Reverse camera', 'Bluetooth'],
    transmission: 'Automatic',
    fuel: 'Petrol',
    isCertified: true,
    isInspected: true,
    warranty: '6 months',
  },
  {
    owner: 4,
    ageHours: 2 * DAY,
    type: 'Car',
    scene: 'car',
    name: 'Toyota Corolla 2015',
    description:
      'A reliable and economical saloon, imported in 2019 and driven only in Kigali. Service records available.',
    price: 11_500_000,
    offer: 'Sale',
    location: 'Kicukiro, Kicukiro',
    features: ['Air conditioning', 'Radio'],
    transmission: 'Automatic',
    fuel: 'Petrol',
    isCertified: true,
    isInspected: true,
    warranty: '3 months',
  },
  {
    owner: 7,
    ageHours: 5 * DAY + 4,
    type: 'Car',
    scene: 'suv',
    name: 'Toyota Land Cruiser Prado for hire',
    description:
      'A comfortable four-wheel drive for weddings, business trips and safaris to Akagera or the volcanoes. An experienced driver is included and fuel is paid by the client.',
    price: 120_000,
    offer: 'Rent',
    pricePeriod: 'day',
    location: 'Kimihurura, Gasabo',
    features: ['Driver included', 'Four-wheel drive', 'Air conditioning'],
    transmission: 'Automatic',
    fuel: 'Diesel',
    isCertified: true,
    isInspected: true,
    rentalPrice: 120_000,
    rentDuration: 'Per day',
  },
  {
    owner: 5,
    ageHours: 12 * DAY,
    type: 'Car',
    scene: 'suv',
    name: 'Hyundai Tucson 2020',
    description:
      'A spacious SUV with low mileage, bought new in Kigali. Sold to a buyer from Huye this week.',
    price: 32_000_000,
    offer: 'Sale',
    availability: 'Sold',
    location: 'Kacyiru, Gasabo',
    features: ['Air conditioning', 'Reverse camera', 'Leather seats'],
    transmission: 'Automatic',
    fuel: 'Diesel',
    isCertified: true,
    isInspected: true,
    warranty: '1 year',
  },
  {
    owner: 3,
    ageHours: 23 * DAY,
    type: 'Car',
    scene: 'car',
    name: 'Suzuki Swift 2017',
    description:
      'A small city car that is easy to park and cheap to run. Manual gearbox, clean interior, one careful owner.',
    price: 7_800_000,
    offer: 'Sale',
    location: 'Nyamirambo, Nyarugenge',
    features: ['Radio', 'Low fuel consumption'],
    transmission: 'Manual',
    fuel: 'Petrol',
    isCertified: false,
    isInspected: true,
  },
  {
    owner: 0,
    ageHours: 44 * DAY,
    type: 'Car',
    scene: 'car',
    name: 'Mercedes-Benz C200 2019',
    listedBy: 'agent',
    commission: 500_000,
    description:
      'An elegant saloon in excellent condition with a panoramic roof and leather interior. Serviced at the authorised dealer every 10,000 km.',
    price: 45_000_000,
    offer: 'Sale',
    location: 'Nyarutarama, Gasabo',
    features: ['Panoramic roof', 'Leather seats', 'Navigation'],
    transmission: 'Automatic',
    fuel: 'Petrol',
    isCertified: true,
    isInspected: true,
    warranty: '1 year',
  },
  // Motorcycles
  {
    owner: 2,
    ageHours: 10,
    type: 'Motorcycle',
    name: 'TVS Apache RTR 160 2022',
    description:
      'A sporty motorcycle in very good condition, used for commuting only. Comes with two helmets and its yellow card.',
    price: 1_850_000,
    offer: 'Sale',
    location: 'Gikondo, Kicukiro',
    features: ['Two helmets', 'Disc brakes'],
    transmission: 'Manual',
    fuel: 'Petrol',
    isCertified: true,
    isInspected: true,
  },
  {
    owner: 6,
    ageHours: 8 * DAY,
    type: 'Motorcycle',
    name: 'Bajaj Boxer 150, moto-taxi ready',
    description:
      'A robust Boxer registered for moto-taxi work, with a passenger helmet and a reflective jacket. Sold last week.',
    price: 1_150_000,
    offer: 'Sale',
    availability: 'Sold',
    location: 'Kimisagara, Nyarugenge',
    features: ['Passenger helmet', 'Moto-taxi registration'],
    transmission: 'Manual',
    fuel: 'Petrol',
    isCertified: true,
    isInspected: true,
  },
  {
    owner: 4,
    ageHours: 20 * DAY,
    type: 'Motorcycle',
    name: 'Electric motorcycle with battery swap plan',
    description:
      'A quiet electric motorcycle with access to the battery swap stations across Kigali. Running costs are far below a petrol moto.',
    price: 2_200_000,
    offer: 'Sale',
    location: 'Kacyiru, Gasabo',
    features: ['Battery swap plan', 'Low running costs'],
    transmission: 'Automatic',
    fuel: 'Electric',
    isCertified: true,
    isInspected: true,
    warranty: '1 year',
  },
  {
    owner: 5,
    ageHours: 31 * DAY,
    type: 'Motorcycle',
    name: 'TVS HLX 125 for rent',
    description:
      'A dependable motorcycle for rent by the week, serviced every month. The rider needs a valid licence.',
    price: 30_000,
    offer: 'Rent',
    pricePeriod: 'week',
    location: 'Remera, Gasabo',
    features: ['Helmet included', 'Monthly service'],
    transmission: 'Manual',
    fuel: 'Petrol',
    isCertified: true,
    isInspected: true,
    rentalPrice: 30_000,
    rentDuration: 'Per week',
  },
  // Clothes
  {
    owner: 1,
    ageHours: 2,
    type: 'Clothes',
    name: 'Tailor-made kitenge dresses',
    description:
      'Bright kitenge dresses sewn by a Kimironko tailor from African wax print. Each one is unique; custom sizes can be made in three days.',
    price: 35_000,
    offer: 'Sale',
    location: 'Kibagabaga, Gasabo',
    features: ['Made in Rwanda', 'Custom sizes'],
    condition: 'New',
    sizeCloth: 'S, M, L, XL',
  },
  {
    owner: 7,
    ageHours: 6 * DAY + 3,
    type: 'Clothes',
    name: "Men's suits, slim fit",
    description:
      'Two-piece suits in navy, grey and black, suitable for the office or a wedding. Trousers can be adjusted free of charge.',
    price: 120_000,
    offer: 'Sale',
    location: 'Nyarugenge, Nyarugenge',
    features: ['Free adjustments'],
    condition: 'New',
    sizeCloth: '46-56',
  },
  {
    owner: 3,
    ageHours: 18 * DAY,
    type: 'Clothes',
    name: 'Imishanana for rent for weddings and introductions',
    description:
      'Elegant traditional imishanana for the bride, her family and bridesmaids, cleaned and pressed before every event. Booking two weeks ahead is recommended.',
    price: 25_000,
    offer: 'Rent',
    location: 'Remera, Gasabo',
    features: ['Cleaned before each event', 'Group discounts'],
    condition: 'Like new',
    sizeCloth: 'All sizes',
    rentalPrice: 25_000,
    rentDuration: 'Per event',
  },
  {
    owner: 5,
    ageHours: 49 * DAY,
    type: 'Clothes',
    name: "Children's school uniforms",
    description:
      'Shirts, shorts and skirts in the colours of most Kicukiro primary schools. Durable fabric that survives a full school year.',
    price: 12_000,
    offer: 'Sale',
    location: 'Niboye, Kicukiro',
    features: ['Bulk discounts'],
    condition: 'New',
    sizeCloth: 'Ages 6-12',
  },
  // Other
  {
    owner: 4,
    ageHours: 4,
    type: 'Other',
    scene: 'sofa',
    name: 'Seven-seater sofa set',
    description:
      'A comfortable sofa set made by a Gisozi furniture workshop from local hardwood, with washable covers. Delivery within Kigali is free.',
    price: 850_000,
    offer: 'Sale',
    location: 'Gisozi, Gasabo',
    features: ['Free delivery in Kigali', 'Made in Rwanda'],
    condition: 'New',
  },
  {
    owner: 0,
    ageHours: 3 * DAY,
    type: 'Other',
    scene: 'television',
    name: 'Samsung 55-inch smart TV',
    description:
      'A 4K smart television, two years old, with its remote and wall bracket. Moving abroad, so it must go this month.',
    price: 650_000,
    offer: 'Sale',
    location: 'Kimihurura, Gasabo',
    features: ['Wall bracket included', '4K'],
    condition: 'Used - good',
    warranty: 'None',
  },
  {
    owner: 2,
    ageHours: 15 * DAY,
    type: 'Other',
    scene: 'fridge',
    name: 'LG double-door fridge',
    description:
      'A large energy-saving fridge with an ice maker, bought at a Kigali appliance store last year. Works perfectly; the receipt is available.',
    price: 1_100_000,
    offer: 'Sale',
    location: 'Kagarama, Kicukiro',
    features: ['Energy saving', 'Ice maker'],
    condition: 'Like new',
    warranty: '6 months',
  },
  {
    owner: 6,
    ageHours: 39 * DAY,
    type: 'Other',
    scene: 'generator',
    name: 'Backup generator 10 kVA for rent',
    description:
      'A silent diesel generator for events, construction sites or power cuts, delivered and installed by our technician. Fuel is charged separately.',
    price: 40_000,
    offer: 'Rent',
    pricePeriod: 'day',
    location: 'Gikondo, Kicukiro',
    features: ['Delivery and installation', 'Silent canopy'],
    condition: 'Used - good',
    rentalPrice: 40_000,
    rentDuration: 'Per day',
  },
];

/** Buyers who posted what they are looking for (wanted-ads), so sellers have someone to call. */
export const DEMO_BUYERS = [
  { name: 'Sandrine Mutoni', email: 'sandrine.mutoni@example.rw', phone: '0784120936' },
  { name: 'Emmanuel Hakizimana', email: 'emmanuel.hakizimana@example.rw', phone: '0725583014' },
  { name: 'Josiane Umutoni', email: 'josiane.umutoni@example.rw', phone: '0736217459' },
] as const satisfies readonly DemoOwner[];

type DemoRequest = {
  buyer: 0 | 1 | 2;
  title: string;
  price: number;
  /** Set for a rent; a budget to buy has none. */
  pricePeriod?: PricePeriod;
  location: string;
  type: ListingType;
  description: string;
  bedrooms?: number;
  features: string[];
  ageHours: number;
};

export const DEMO_REQUESTS: readonly DemoRequest[] = [
  {
    buyer: 0,
    title: 'Three-bedroom house to rent near Kicukiro schools',
    price: 450_000,
    pricePeriod: 'month',
    location: 'Kicukiro, Kigali',
    type: 'House',
    description: 'Family of five; we need a small compound, water tank and parking for one car.',
    bedrooms: 3,
    features: ['Parking', 'Water tank'],
    ageHours: 5,
  },
  {
    buyer: 1,
    title: 'Furnished apartment in Kimihurura for a year',
    price: 900_000,
    pricePeriod: 'month',
    location: 'Kimihurura, Gasabo',
    type: 'Apartment',
    description: 'Two bedrooms, furnished, backup power; from next month.',
    bedrooms: 2,
    features: ['Furnished', 'Backup generator'],
    ageHours: 30,
  },
  {
    buyer: 2,
    title: 'Residential plot in Bugesera with title deed',
    price: 12_000_000,
    location: 'Nyamata, Bugesera',
    type: 'Land',
    description: 'About 500 sqm, titled, near a paved road.',
    features: ['Title deed'],
    ageHours: 72,
  },
  {
    buyer: 1,
    title: 'Automatic Toyota RAV4 or similar, 2015 or newer',
    price: 16_000_000,
    location: 'Kigali',
    type: 'Car',
    description: 'Petrol, automatic, with service history.',
    features: ['Automatic'],
    ageHours: 120,
  },
];
