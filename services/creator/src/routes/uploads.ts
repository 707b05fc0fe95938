// Uploads in and stored images out, for the creator's routes: multipart registered with limits, a form read into
// its fields and its files (each streamed into the image pipeline as it arrives, never buffered whole), every
// refusal answered from the catalogue (never a 500), and the local store's media route.
import fastifyMultipart, { type Multipart, type MultipartFile, type MultipartValue } from '@fastify/multipart';
import type { creatorMediaEndpoints, ImageAsset } from '@travelclub/contracts';
import { AppError, appError, PUBLIC_ASSET_HEADERS, type Handlers } from '@travelclub/kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ImageIntake, StoredImages } from '../flows/media.js';

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

export interface FormShape {
  /** File fields that take one file. */
  single: string[];
  /** File fields that take several (up to the multipart file limit). */
  many: string[];
}

export interface ReadForm {
  /** Text fields by name (the last one of a repeated name). */
  fields: Record<string, string | undefined>;
  /** The stored images by their field, in the order they came. */
  files: Record<string, ImageAsset[] | undefined>;
  /** Removes every stored file of the form (when the change it was for is refused). */
  discard(): Promise<void>;
}

/**
 * Reads a multipart form: its text fields, and its files, each stored through the image pipeline as it arrives.
 * A file in a field the shape does not take, or a second one in a single-file field, is refused; what was stored
 * for a refused form is removed again. A body that is no form at all (JSON, nothing) is refused with 415.
 */
export type MultipartReader = (req: FastifyRequest, shape: FormShape) => Promise<ReadForm>;

const unreadable = (err: unknown) =>
  new AppError('validation-failed', [{ path: 'body', message: 'The upload could not be read' }], { cause: err });

/** The catalogue's answer to what @fastify/multipart (or busboy beneath it) threw while reading a body. */
function parserError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  switch ((err as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('image-too-large', undefined, { cause: err });
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('payload-too-large', undefined, { cause: err });
    default:
      // A body busboy could not parse (cut short, a broken boundary or header, a `__proto__` field, a JSON field
      // that is not JSON): the client's doing, not a failure of ours.
      return unreadable(err);
  }
}

/** The request's parts, what the parser throws turned into the catalogue's answer (a handler's errors are not). */
async function* partsOf(req: FastifyRequest): AsyncGenerator<Multipart> {
  try {
    for await (const part of req.parts()) yield part;
  } catch (err) {
    throw parserError(err);
  }
}

/** A text field's value; one the parser cut at `fieldSize` would be stored cut short, so it is refused. */
function fieldValue(part: MultipartValue): string | undefined {
  if (part.valueTruncated || part.fieldnameTruncated) {
    throw appError('payload-too-large', [{ path: part.fieldname, message: 'This field is too long' }]);
  }
  // A part typed application/json arrives parsed; the forms we read send text only.
  return typeof part.value === 'string' ? part.value : undefined;
}

/** One file through the pipeline; `undefined` for an empty file input (nothing chosen: no name, no bytes). */
async function storeFile(images: ImageIntake, part: MultipartFile, account: string): Promise<ImageAsset | undefined> {
  try {
    return await images.store(part, account);
  } catch (err) {
    if (err instanceof AppError) {
      if (err.code === 'image-missing' && !part.filename) return undefined;
      throw err;
    }
    // The part's stream failed under the pipeline (destroyed by the parser, or busboy's own "terminated early",
    // which @fastify/multipart also tells apart by its text): the body was cut short or broken, not our store.
    if (part.file.errored || /terminated early/.test((err as Error).message)) throw unreadable(err);
    throw err;
  }
}

export function multipartReader(images: ImageIntake): MultipartReader {
  return async (req, shape) => {
    const stored: ImageAsset[] = [];
    const files: Record<string, ImageAsset[]> = {};
    const form: ReadForm = { fields: {}, files, discard: () => images.remove(stored.splice(0)) };
    // The catalogue's 415 says "must be JSON", the API's usual body: the detail says what these routes take.
    if (!req.isMultipart()) throw appError('form-required');
    // Uploads cost CPU: they count against the caller's account; an anonymous token costs nothing to get, so
    // anonymous callers count against their client address instead.
    const account = req.user && !req.user.isAnonymous ? `user:${req.user.id}` : `ip:${req.ip}`;
    try {
      for await (const part of partsOf(req)) {
        if (part.type === 'field') {
          const value = fieldValue(part);
          if (value !== undefined) form.fields[part.fieldname] = value;
          continue;
        }
        const single = shape.single.includes(part.fieldname);
        if ((!single && !shape.many.includes(part.fieldname)) || (single && files[part.fieldname])) {
          throw appError('validation-failed', [{ path: part.fieldname, message: 'This field takes no more files' }]);
        }
        const asset = await storeFile(images, part, account);
        if (!asset) continue;
        stored.push(asset);
        (files[part.fieldname] ??= []).push(asset);
      }
    } catch (err) {
      await form.discard();
      throw err;
    }
    return form;
  };
}

/**
 * The media route's handler, to spread into the service's `registerEndpoints` call. Every stored key is random
 * and written once, so its bytes never change.
 */
export function mediaHandlers(images: StoredImages): Handlers<typeof creatorMediaEndpoints> {
  return {
    media: async ({ params }, reply) => {
      const stored = await images.read(params.publicId, params.file);
      return reply
        .headers({ ...PUBLIC_ASSET_HEADERS, 'x-content-type-options': 'nosniff' })
        .type(stored.contentType)
        .send(stored.bytes);
    },
  };
}
