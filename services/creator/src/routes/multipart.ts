// Reads a multipart form: its text fields as strings, and its files, each stored through the image pipeline
// as it arrives (never buffered whole beyond the pipeline's limit). A file in a field the form does not take,
// or more than one in a single-file field, is refused; what was stored for a refused form is removed again.
import type { MultipartFile } from '@fastify/multipart';
import type { ImageAsset } from '@travelclub/contracts';
import { appError } from '@travelclub/kit';
import type { FastifyRequest } from 'fastify';

export interface FormShape {
  /** File fields that take one file. */
  single: string[];
  /** File fields that take several (up to the multipart file limit). */
  many: string[];
}

export interface ReadForm {
  fields: Record<string, string | undefined>;
  files: Record<string, ImageAsset[] | undefined>;
  /** Removes every stored file of the form (when the change it was for is refused). */
  discard(): Promise<void>;
}

export type MultipartReader = (req: FastifyRequest, shape: FormShape) => Promise<ReadForm>;

export interface ImageIntake {
  /** Checks, converts and stores one uploaded file; throws the catalogue's refusal. */
  store(file: MultipartFile): Promise<ImageAsset>;
  remove(assets: ImageAsset[]): Promise<void>;
}

export function multipartReader(images: ImageIntake): MultipartReader {
  return async (req, shape) => {
    if (!req.isMultipart()) throw appError('unsupported-media-type');
    const fields: ReadForm['fields'] = {};
    const files: Record<string, ImageAsset[]> = {};
    const stored: ImageAsset[] = [];
    const discard = () => images.remove(stored.splice(0));
    try {
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        const single = shape.single.includes(part.fieldname);
        if ((!single && !shape.many.includes(part.fieldname)) || (single && files[part.fieldname])) {
          throw appError('validation-failed', [{ path: part.fieldname, message: 'This field takes no more files' }]);
        }
        const asset = await images.store(part);
        stored.push(asset);
        (files[part.fieldname] ??= []).push(asset);
      }
    } catch (err) {
      await discard();
      throw err;
    }
    return { fields, files, discard };
  };
}
