// The catalog service's contracts (hotels, searches, holds, images, and what a supplier gives the catalog): its
// schemas (api), its endpoint definitions and its events. The registry of every service's endpoints is
// ../endpoints.ts.
export * from './api.js';
export * from './holds-api.js';
export * from './images-api.js';
export * from './summaries-api.js';
export * from './supplier.js';
