// Text folding shared by the search indexes: case, accents, special letters and separators.
import { describe, expect, it } from 'vitest';
import { normalizeText } from '../../src/search/normalize.js';

describe('normalizeText', () => {
  it('lower-cases and strips accents', () => {
    expect(normalizeText('São Paulo')).toBe('sao paulo');
    expect(normalizeText('Kraków')).toBe('krakow');
    expect(normalizeText('ZÜRICH')).toBe('zurich');
    expect(normalizeText('Île-de-France')).toBe('ile de france');
    expect(normalizeText('Curaçao')).toBe('curacao');
  });

  it('folds letters that have no combining mark', () => {
    expect(normalizeText('Straße')).toBe('strasse');
    expect(normalizeText('Ærøskøbing')).toBe('aeroskobing');
    expect(normalizeText('Łódź')).toBe('lodz');
    expect(normalizeText('Đà Nẵng')).toBe('da nang');
    expect(normalizeText('Iğdır')).toBe('igdir');
    expect(normalizeText('İstanbul')).toBe('istanbul');
  });

  it('turns every run of non-alphanumerics into one space and trims', () => {
    expect(normalizeText('  New   York, NY!! ')).toBe('new york ny');
    expect(normalizeText("St. John's")).toBe('st john s');
    expect(normalizeText('Hotel 42 — "Le Grand"')).toBe('hotel 42 le grand');
    expect(normalizeText('a\tb\nc')).toBe('a b c');
  });

  it('keeps letters and digits of other scripts', () => {
    expect(normalizeText('Москва')).toBe('москва');
    expect(normalizeText('東京 2020')).toBe('東京 2020');
  });

  it('gives empty for empty, blank or punctuation-only text', () => {
    expect(normalizeText('')).toBe('');
    expect(normalizeText('   ')).toBe('');
    expect(normalizeText('--!?')).toBe('');
  });
});
