// Shared set-up of the creator service tests (`useCreator` for a test file): the real app against the run's
// servers with a key set of its own, what it publishes on creator.events, and callers of every kind.
import type { Profile, Role } from '@travelclub/contracts';
import {
  readEvents,
  ServiceWorld,
  setUpForFile,
  startTestJwks,
  testEnv,
  uniqueName,
  type EventLog,
} from '@travelclub/kit/testing';
import { startCatalog, type CatalogApp } from '@travelclub/testing/catalog';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type CreatorApp } from '../src/app.js';
import { CreatorConfigSchema } from '../src/config.js';

export { expectError, expectInvalid } from '@travelclub/kit/testing';

export interface Caller {
  id: string;
  headers: Record<string, string>;
}

/** A test file's creator app; with `catalog`, a real catalog (a small demo inventory) beside it. */
export const useCreator = (settings: Record<string, string> = {}, { catalog = false, hotels = 30 } = {}) =>
  setUpForFile(new CreatorWorld(settings, catalog, hotels));

export class CreatorWorld extends ServiceWorld<CreatorApp> {
  /** What the app published on creator.events, read from the start. */
  events!: EventLog;
  catalog?: CatalogApp;
  /** Where uploaded images go: a directory of this file's own, removed after it. */
  mediaDir!: string;

  constructor(
    private readonly settings: Record<string, string>,
    private readonly withCatalog: boolean,
    private readonly hotels: number,
  ) {
    super();
  }

  async start(): Promise<void> {
    this.jwks = await startTestJwks();
    const prefix = `${uniqueName('creator')}.`;
    this.mediaDir = await mkdtemp(join(tmpdir(), 'creator-media-'));
    let catalogUrl = 'http://127.0.0.1:9';
    if (this.withCatalog) {
      this.catalog = await startCatalog({
        JWKS_URL: this.jwks.jwksUrl,
        KAFKA_TOPIC_PREFIX: prefix,
        SEED_HOTELS: String(this.hotels),
      });
      catalogUrl = await this.catalog.listen({ port: 0, host: '127.0.0.1' });
    }
    this.app = await buildApp(
      CreatorConfigSchema.parse({
        ...testEnv('creator'),
        JWKS_URL: this.jwks.jwksUrl,
        KAFKA_TOPIC_PREFIX: prefix,
        CATALOG_URL: catalogUrl,
        MEDIA_DIR: this.mediaDir,
        PUBLIC_MEDIA_URL: 'https://travelclub.test',
        ...this.settings,
      }),
    );
    this.events = await readEvents(this.app, 'creator.events');
  }

  async close(): Promise<void> {
    await this.events?.stop();
    await this.app?.close();
    await this.catalog?.close();
    await this.jwks?.close();
    if (this.mediaDir) await rm(this.mediaDir, { recursive: true, force: true });
  }

  /** Ids of `count` hotels of the catalog's inventory. */
  async hotelIds(count: number): Promise<string[]> {
    const hotels = await this.catalog!.mongo.collection('hotels')
      .find({}, { projection: { _id: 1 } })
      .limit(count)
      .toArray();
    return hotels.map((hotel) => String(hotel._id));
  }

  /** A signed-in caller with these roles (a customer unless told). */
  async caller(roles: Role[] = ['role/customer'], claims: Record<string, unknown> = {}): Promise<Caller> {
    const id = `user-${randomUUID().slice(0, 8)}`;
    const token = await this.jwks.sign({ sub: id, roles, email: `${id}@example.com`, ...claims });
    return { id, headers: { authorization: `Bearer ${token}` } };
  }

  /** A creator with a profile (and so a club address), made through the API. */
  async creator(publicName = 'Ana Travels', slug?: string): Promise<Caller & { profile: Profile }> {
    const caller = await this.caller(['role/customer', 'role/creator']);
    const res = await this.app.inject({
      method: 'POST',
      url: '/api/v1/userProfile',
      headers: caller.headers,
      payload: { publicName, ...(slug && { slug }) },
    });
    if (res.statusCode !== 201) throw new Error(`create profile answered ${res.statusCode}: ${res.body}`);
    return { ...caller, profile: res.json() as Profile };
  }
}

/** A file part of a multipart form. */
export interface FormFile {
  field: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A multipart/form-data body and its content type, for `app.inject`. */
export function multipartForm(fields: Record<string, string>, files: FormFile[] = []) {
  const boundary = `----travelclub${randomUUID().replace(/-/g, '')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`;
    parts.push(Buffer.from(head), file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
