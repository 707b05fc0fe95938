// The demo content as the catalog takes it: real places, demo hotels, painted pictures.
import type { CatalogContent } from '@travelclub/contracts';
import { demoPainter } from './painter/painter.js';
import { loadDestinations } from './places/destinations.js';
import { demoSupplier } from './supplier/demo-supplier.js';

export interface DemoContentOptions {
  /** Hotels to import when the catalog starts empty (0: start empty). */
  hotels: number;
  seed: number;
}

export function demoContent({ hotels, seed }: DemoContentOptions): CatalogContent {
  return {
    destinations: loadDestinations(),
    ...(hotels > 0 && { supplier: demoSupplier({ count: hotels, seed }) }),
    painter: demoPainter,
  };
}
