// The map's area as the catalog takes it, the bounding-box request, the first view's box, and the wait
// before a moved map searches.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AREA_DELAY_MS, AREA_LIMIT, areaKey, areaRequest, boundsOfHotels, boxOfView, debounce } from '~/map/area';

describe('the map view as a bounding box', () => {
  it('is the view itself inside the world', () => {
    expect(boxOfView({ west: 2.1, south: 41.3, east: 2.25, north: 41.45 })).toEqual({
      west: 2.1,
      south: 41.3,
      east: 2.25,
      north: 41.45,
    });
  });

  it('wraps longitudes past ±180° back, so a view over the Pacific crosses the meridian (west > east)', () => {
    expect(boxOfView({ west: 170, south: -20, east: 190, north: -10 })).toEqual({
      west: 170,
      south: -20,
      east: -170,
      north: -10,
    });
    expect(boxOfView({ west: -200, south: 0, east: -170, north: 10 })).toMatchObject({ west: 160, east: -170 });
  });

  it('is the whole world for a view wider than it, and keeps 180° east as it is', () => {
    expect(boxOfView({ west: -250, south: -80, east: 250, north: 80 })).toEqual({
      west: -180,
      south: -80,
      east: 180,
      north: 80,
    });
    expect(boxOfView({ west: 170, south: 0, east: 180, north: 5 })).toMatchObject({ west: 170, east: 180 });
  });

  it('rounds to about a metre, so the same view is the same cached request', () => {
    const box = boxOfView({ west: 2.123456789, south: 41.1, east: 2.2, north: 41.2 });
    expect(box.west).toBe(2.12346);
    expect(areaKey(box)).toBe(areaKey(boxOfView({ west: 2.1234612, south: 41.1, east: 2.2, north: 41.2 })));
  });
});

describe('the bounding-box request', () => {
  it("asks for the box with the stored search's stay, in its currency, at most 50 hotels", () => {
    const criteria = {
      destination: 'city-3128760',
      checkIn: '2026-12-24',
      checkOut: '2026-12-27',
      guests: 2,
      rooms: 1,
      currency: 'EUR',
    };
    const box = { west: 2, south: 41, east: 2.3, north: 41.5 };
    expect(areaRequest(box, criteria)).toEqual({
      boundingBox: box,
      checkIn: '2026-12-24',
      checkOut: '2026-12-27',
      guests: 2,
      rooms: 1,
      currency: 'EUR',
      limit: AREA_LIMIT,
    });
    expect(AREA_LIMIT).toBe(50);
  });
});

describe('the first view', () => {
  const at = (latitude: number, longitude: number) => ({ coordinates: { latitude, longitude } });

  it('fits every hotel, with a little room around them', () => {
    expect(boundsOfHotels([at(41.38, 2.17), at(41.4, 2.12), at(41.39, 2.2)])).toEqual({
      west: 2.115,
      south: 41.375,
      east: 2.205,
      north: 41.405,
    });
  });

  it('is nothing without hotels', () => {
    expect(boundsOfHotels([])).toBeNull();
  });
});

describe('the wait before a search', () => {
  afterEach(() => vi.useRealTimers());

  it('runs once, with the last arguments, when the calls have stopped for the delay', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const moved = debounce(run, AREA_DELAY_MS);
    moved(1);
    vi.advanceTimersByTime(AREA_DELAY_MS - 1);
    moved(2);
    vi.advanceTimersByTime(AREA_DELAY_MS - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledOnce();
    expect(run).toHaveBeenCalledWith(2);
  });

  it('can be called off', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const moved = debounce(run, 100);
    moved();
    moved.cancel();
    vi.advanceTimersByTime(500);
    expect(run).not.toHaveBeenCalled();
  });
});
