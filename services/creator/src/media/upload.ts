// Uploads in and stored images out, for the creator's routes: multipart registered with limits that fail with the
// catalogue's errors (never a 500), a form read into fields and files, and the local store's media route.
import fastifyMultipart from '@fastify/multipart';
import { creatorMediaEndpoints } from '@travelclub/contracts';
import { AppError, appError, registerEndpoints, type Handlers, type ServiceApp } from '@travelclub/kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MediaKeyError, type MediaStorage } from './storage.js';

export interface MultipartLimits {
  /** The largest file, in bytes (the pipeline's `maxBytes`). */
  maxBytes: number;
  /** Files per request (1 by default; a recommendation's form has several). */
  maxFiles?: number;
  /** Text fields per request. */
  maxFields?: number;
  /** The longest text field, in bytes. */
  maxFieldBytes?: number;
}

/** Registers @fastify/multipart on `app` (the whole service) with these limits. */
export async function registerMultipart(app: FastifyInstance, limits: MultipartLimits): Promise<void> {
  const { maxBytes, maxFiles = 1, maxFields = 20, maxFieldBytes = 64 * 1024 } = limits;
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: maxBytes,
      files: maxFiles,
      fields: maxFields,
      fieldSize: maxFieldBytes,
      parts: maxFiles + maxFields,
      headerPairs: 100,
    },
    throwFileSizeLimit: true,
  });
}

export interface UploadedFile {
  /** The form field it came in. */
  field: string;
  /** As the client named and typed it: shown back at most, never trusted (the pipeline sniffs the bytes). */
  filename: string;
  mimetype: string;
  bytes: Buffer;
}

export interface MultipartForm {
  /** Text fields by name (the last one of a repeated name). */
  fields: Record<string, string>;
  /** Files in the order they came; an empty file input (nothing chosen) is left out. */
  files: UploadedFile[];
}

const unreadable = (err: unknown) =>
  new AppError('validation-failed', [{ path: 'body', message: 'The upload could not be read' }], { cause: err });

/** The catalogue's answer to what went wrong while reading a multipart body. */
function multipartError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  switch ((err as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('image-too-large', undefined, { cause: err });
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('payload-too-large', undefined, { cause: err });
    default:
      // A body busboy could not parse (cut short, a broken boundary): the client's doing, not a failure of ours.
      return unreadable(err);
  }
}

/** Reads a whole multipart request: its text fields and its files, each within the registered limits. */
export async function readMultipartForm(req: FastifyRequest): Promise<MultipartForm> {
  // Not a form at all (JSON, no body): there is no image in it.
  if (!req.isMultipart()) throw appError('image-missing');
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (bytes.length === 0 && !part.filename) continue;
        files.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, bytes });
      } else {
        if (part.valueTruncated) throw appError('payload-too-large');
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    throw multipartError(err);
  }
  return { fields, files };
}

/** The one file of an upload form: the one in `field` when given, else the first; `image-missing` when none. */
export async function readImageUpload(req: FastifyRequest, field?: string): Promise<UploadedFile> {
  const { files } = await readMultipartForm(req);
  const file = field === undefined ? files[0] : files.find((one) => one.field === field);
  if (!file) throw appError('image-missing');
  return file;
}

/** Every stored key is random and written once, so its bytes never change. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The media route's handler, to spread into the service's `registerEndpoints` call. */
export function mediaHandlers(storage: MediaStorage): Handlers<typeof creatorMediaEndpoints> {
  return {
    media: async ({ params }, reply) => {
      let stored;
      try {
        stored = await storage.get(`${params.publicId}/${params.file}`);
      } catch (err) {
        if (!(err instanceof MediaKeyError)) throw err;
        stored = null;
      }
      if (!stored) throw appError('image-not-found');
      return reply
        .headers({ 'cache-control': CACHE_CONTROL, 'x-content-type-options': 'nosniff' })
        .type(stored.contentType)
        .send(stored.bytes);
    },
  };
}

/** Registers the media route on its own (a bare app, or before the endpoint joins `endpoints.creator`). */
export function mediaRoutes(app: ServiceApp, storage: MediaStorage): void {
  registerEndpoints(app, creatorMediaEndpoints, mediaHandlers(storage));
}
