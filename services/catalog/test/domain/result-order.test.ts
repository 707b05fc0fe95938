import { describe, expect, it } from 'vitest';
import { pageWithRoomsFirst } from '../../src/domain/result-order.js';

// Letters are hotels in their list's order; upper case ones have rooms for the stay.
const hotels = ['a', 'B', 'c', 'D', 'E', 'f', 'G'];
const hasRooms = (h: string) => h === h.toUpperCase();

describe('pageWithRoomsFirst', () => {
  it('puts hotels without rooms last, each group keeping its order', () => {
    expect(pageWithRoomsFirst(hotels, hasRooms, 0, 10)).toEqual(['B', 'D', 'E', 'G', 'a', 'c', 'f']);
  });

  it('pages through that order without overlap or gaps', () => {
    const pages = [0, 3, 6].map((skip) => pageWithRoomsFirst(hotels, hasRooms, skip, 3));
    expect(pages).toEqual([['B', 'D', 'E'], ['G', 'a', 'c'], ['f']]);
  });

  it('asks no further than a page full of hotels with rooms needs', () => {
    const asked: string[] = [];
    const page = pageWithRoomsFirst(hotels, (h) => (asked.push(h), hasRooms(h)), 0, 2);
    expect(page).toEqual(['B', 'D']);
    expect(asked).toEqual(['a', 'B', 'c', 'D']);
  });

  it('keeps the order when every hotel, or none, has rooms', () => {
    expect(pageWithRoomsFirst(['x', 'y'], () => true, 0, 5)).toEqual(['x', 'y']);
    expect(pageWithRoomsFirst(['x', 'y'], () => false, 1, 5)).toEqual(['y']);
  });
});
