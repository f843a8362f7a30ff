/**
 * What the About us and Terms pages say until an admin writes their own (Platform Settings).
 * Content rather than interface copy, like the demo catalogue: kept out of the message
 * catalogue, which every page downloads.
 */
export const DEFAULT_ABOUT_TEXT =
  "Inzu is Kigali's property and asset marketplace. We bring together people who rent out or sell houses, apartments, hotels, land, vehicles and other items, and the people looking for them, with every price in Rwandan francs (RWF).\n\nAnyone can browse and search the published listings without an account, see their photos, prices and locations, and ask the owner for more information. Sellers supply a property or an asset with a short form, and our team reviews each supply before it is published. Buyers post what they are looking for, so that sellers can get in touch.\n\nOur office is in Kigali-Nyarugenge, Nyamirambo. Questions about a listing, selling or renting? Call us, write to us or use the contact form: we will get back to you in no more than 48 hours.";

export const DEFAULT_TERMS_TEXT =
  'These are placeholder terms. The operator of this site should replace them with its own terms and conditions in the admin panel (Settings, Platform Configuration).\n\nWhat sellers supply is published after our team has reviewed it. The owner of a listing is responsible for its description, price and availability.\n\nVisit a property, or see an asset for yourself, before you pay any money or sign anything.\n\nQuestions about these terms? Contact us and we will get back to you.';
