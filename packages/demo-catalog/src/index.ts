// @travelclub/demo-catalog: demo content for the catalog. Only the catalog's composition roots (and tests)
// import it; the catalog itself knows the interfaces of contracts' supplier.ts alone.
export { demoContent, type DemoContentOptions } from './content.js';
export { parseImageId, type ImageSubject } from './painter/image-id.js';
export { croppedSize, demoPainter, fittedSize, RENDER_VERSION, renderImage } from './painter/painter.js';
export { countryName, loadDestinations } from './places/destinations.js';
export {
  allocateHotels,
  DEMO_MIN_POPULATION,
  demoSupplier,
  type DemoSupplierOptions,
} from './supplier/demo-supplier.js';
export { slugOf } from './supplier/names.js';
