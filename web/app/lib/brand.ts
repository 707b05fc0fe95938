// The product's name, as the spec's `{product}` placeholders are filled.
export const PRODUCT = 'TravelClub';
