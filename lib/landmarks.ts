/**
 * Well-known Kigali places a buyer can search near ("within 2 km of Kimironko market") without
 * typing coordinates, named as people in Kigali say them in each language. Proper names that
 * everyone uses as they are (Kigali Convention Centre, Kigali Heights) stay the same in all three.
 *
 * Each point was checked against a public source, named beside it, to about 150 m. "Google Maps
 * embed" means a map that a public site embedded for that place: Google centres it west of the
 * place, leaving room for the place card (0.0026° at the usual zoom, half that zoomed in once),
 * and that offset was added back; it was measured on the Kigali Convention Centre and Nyabugogo,
 * whose exact points are known.
 */
import { isInRwanda, parsePointText, type Point } from './geo.ts';

export type Landmark = { id: string; names: { en: string; fr: string; rw: string }; point: Point };

/** Kigali's landmarks, in no particular order. */
export const LANDMARKS: readonly Landmark[] = [
  {
    id: 'convention-centre',
    names: {
      en: 'Kigali Convention Centre',
      fr: 'Kigali Convention Centre',
      rw: 'Kigali Convention Centre',
    },
    // Google Maps directions to the place (-1.9545556, 30.0938534); Wikipedia gives 1°57′17″S
    // 30°05′38″E (-1.95472, 30.09389), 20 m away.
    point: { latitude: -1.95456, longitude: 30.09385 },
  },
  {
    id: 'kigali-heights',
    names: { en: 'Kigali Heights', fr: 'Kigali Heights', rw: 'Kigali Heights' },
    // Google Maps place link "Kigali Heights" (!3d-1.952861!4d30.0926808), across the KG 2
    // roundabout from the Convention Centre, as The New Times describes it.
    point: { latitude: -1.95286, longitude: 30.09268 },
  },
  {
    id: 'nyabugogo',
    names: {
      en: 'Nyabugogo bus park (taxi park)',
      fr: 'Gare routière de Nyabugogo',
      rw: 'Gare ya Nyabugogo',
    },
    // Google Maps directions to "Nyabugogo Bus parking, 325V+MXC" (-1.9408014, 30.0448836); the
    // plus code decodes to the same point.
    point: { latitude: -1.9408, longitude: 30.04488 },
  },
  {
    id: 'airport',
    names: {
      en: 'Kigali International Airport (Kanombe)',
      fr: 'Aéroport international de Kigali (Kanombe)',
      rw: "Ikibuga cy'indege cya Kigali (i Kanombe)",
    },
    // The passenger terminal: Google Maps directions to "Kigali International Airport, KN 5 Rd"
    // (-1.9633119, 30.1350179). Wikipedia's 1°57′59″S 30°07′59″E is the airfield reference
    // point on the runway, 400 m south-west.
    point: { latitude: -1.96331, longitude: 30.13502 },
  },
  {
    id: 'amahoro-stadium',
    names: {
      en: 'Amahoro Stadium (Remera)',
      fr: 'Stade Amahoro (Remera)',
      rw: 'Sitade Amahoro (i Remera)',
    },
    // German Wikipedia, 1°57′18.1″S 30°6′52″E; a Google Maps embed of "Amahoro National Stadium"
    // centred on -1.955021, 30.114462 agrees to 2 m.
    point: { latitude: -1.95502, longitude: 30.11445 },
  },
  {
    id: 'kimironko-market',
    names: { en: 'Kimironko market', fr: 'Marché de Kimironko', rw: 'Isoko rya Kimironko' },
    // Google Maps embed of "Kimironko Market" (-1.94924, 30.12664 once corrected) and two public
    // datasets (-1.9498, 30.1263; -1.9499, 30.1265) agree within 70 m.
    point: { latitude: -1.9496, longitude: 30.1265 },
  },
  {
    id: 'city-centre',
    names: {
      en: 'Kigali city centre (Kigali City Tower)',
      fr: 'Centre-ville de Kigali (Kigali City Tower)',
      rw: 'Mu mujyi rwagati (Kigali City Tower)',
    },
    // Wikipedia, Kigali City Tower: 1°56′36″S 30°03′35″E, beside the CHIC building.
    point: { latitude: -1.9433, longitude: 30.0596 },
  },
  {
    id: 'ur-nyarugenge',
    names: {
      en: 'University of Rwanda, Nyarugenge campus (former KIST)',
      fr: 'Université du Rwanda, campus de Nyarugenge (ex-KIST)',
      rw: "Kaminuza y'u Rwanda (Nyarugenge)",
    },
    // Google Maps place link "UR College of Science and Technology" (!3d-1.958692!4d30.0642158).
    point: { latitude: -1.95869, longitude: 30.06422 },
  },
  {
    id: 'ulk',
    names: {
      en: 'Kigali Independent University ULK (Gisozi)',
      fr: 'Université libre de Kigali, ULK (Gisozi)',
      rw: 'Kaminuza ya Kigali Yigenga, ULK (ku Gisozi)',
    },
    // Two Google Maps embeds of "Kigali Independent University" (-1.92104, 30.05728 and
    // -1.92048, 30.05642 once corrected): their midpoint.
    point: { latitude: -1.9208, longitude: 30.0569 },
  },
  {
    id: 'king-faisal',
    names: {
      en: 'King Faisal Hospital (Kacyiru)',
      fr: 'Hôpital King Faisal (Kacyiru)',
      rw: 'Ibitaro byitiriwe Umwami Faisal (King Faisal)',
    },
    // Wikipedia, King Faisal Hospital (Kigali): 01°56′37″S 30°05′42″E.
    point: { latitude: -1.94361, longitude: 30.095 },
  },
  {
    id: 'chuk',
    names: {
      en: 'University Teaching Hospital of Kigali (CHUK)',
      fr: 'Centre hospitalier universitaire de Kigali (CHUK)',
      rw: 'Ibitaro bya Kaminuza bya Kigali (CHUK)',
    },
    // Google Maps embed of "University Teaching Hospital of Kigali" (-1.95591, 30.05829 + the
    // correction), on KN 4 Ave as the hospital's own site gives its address.
    point: { latitude: -1.9559, longitude: 30.0609 },
  },
  {
    id: 'genocide-memorial',
    names: {
      en: 'Kigali Genocide Memorial (Gisozi)',
      fr: 'Mémorial du génocide de Kigali (Gisozi)',
      rw: 'Urwibutso rwa Jenoside rwa Kigali ku Gisozi',
    },
    // Wikipedia, Kigali Genocide Memorial: 1°55′51″S 30°03′29″E (KG 14 Ave); a Google Maps embed
    // of the memorial has the same latitude.
    point: { latitude: -1.9308, longitude: 30.058 },
  },
  {
    id: 'nyamirambo',
    names: {
      en: 'Nyamirambo (Kigali Pelé Stadium)',
      fr: 'Nyamirambo (stade Kigali Pelé)',
      rw: 'Nyamirambo (Sitade ya Kigali Pelé)',
    },
    // German and Polish Wikipedia, Kigali Pelé Stadium (former Stade régional de Nyamirambo):
    // 1°58′41.2″S 30°2′38.9″E.
    point: { latitude: -1.97811, longitude: 30.04413 },
  },
  {
    id: 'kicukiro-centre',
    names: {
      en: 'Kicukiro Centre (Kicukiro market)',
      fr: 'Kicukiro Centre (marché de Kicukiro)',
      rw: 'Kicukiro Centre (isoko rya Kicukiro)',
    },
    // Two Google Maps embeds of "Kicukiro Market, KK 15 Rd" (-1.98131, 30.10222 + the
    // correction); the Kicukiro Centre interchange is built in front of the market (Kigali Today).
    point: { latitude: -1.9813, longitude: 30.1048 },
  },
];

const landmarksById = new Map(LANDMARKS.map((landmark) => [landmark.id, landmark]));

/** The landmark with this id, or undefined (an id from an old link may no longer exist). */
export function findLandmark(id: string): Landmark | undefined {
  return landmarksById.get(id);
}

/**
 * The point a `near` filter names: a landmark's id, or "latitude,longitude" inside Rwanda;
 * undefined for anything else.
 */
export function parseNear(text: string): Point | undefined {
  const trimmed = text.trim();
  const landmark = findLandmark(trimmed);
  if (landmark) return landmark.point;
  const point = parsePointText(trimmed);
  return point && isInRwanda(point) ? point : undefined;
}
