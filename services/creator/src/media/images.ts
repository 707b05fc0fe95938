// The upload pipeline (docs/creator.md, "Images"): an uploaded file becomes the spec's Image asset, three
// JPEG variants without any metadata, or a refusal from the error catalogue, decided before anything is decoded.
import { randomUUID } from 'node:crypto';
import type { ImageAsset } from '@travelclub/contracts';
import { AppError, appError } from '@travelclub/kit';
import sharp, { type Metadata } from 'sharp';
import type { MediaSettings, MediaStorage } from './storage.js';

export interface ImageLimits {
  /** The largest upload, in bytes. */
  maxBytes: number;
  /** The most pixels (width × height) an upload may have. */
  maxPixels: number;
}

export const DEFAULT_IMAGE_LIMITS: ImageLimits = { maxBytes: 10 * 1024 * 1024, maxPixels: 40_000_000 };

export const imageLimitsOf = (settings: Pick<MediaSettings, 'MEDIA_MAX_BYTES' | 'MEDIA_MAX_PIXELS'>): ImageLimits => ({
  maxBytes: settings.MEDIA_MAX_BYTES,
  maxPixels: settings.MEDIA_MAX_PIXELS,
});

/**
 * The longest side any variant needs: the original's, at most 3000 px (spec section 9's CDN size). An upload is
 * decoded once, shrunk to this as it is decoded where the format allows (JPEG, WebP), and every variant is made
 * from that decode.
 */
export const LARGEST_SIDE = 3000;

/** The variants of spec section 9 and their widths; the original keeps its size up to LARGEST_SIDE. Never enlarged. */
export const IMAGE_VARIANTS = { original: undefined, '200px': 200, '600px': 600 } as const;
export type ImageVariant = keyof typeof IMAGE_VARIANTS;
const VARIANTS = Object.keys(IMAGE_VARIANTS) as ImageVariant[];

/** Every variant is a JPEG at quality 90 (spec section 9); transparency is laid on white. */
const JPEG = { quality: 90 } as const;
const BACKGROUND = '#ffffff';

/** An asset's public id: a UUID, so a key built from it can only be ours. */
const PUBLIC_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The store key of one variant of an image. */
export const imageKey = (publicId: string, variant: ImageVariant) => `${publicId}/${variant}.jpg`;

/**
 * The upload's bytes, refused as soon as they pass the limit (a stream is not read further). A multipart file
 * stream that the parser cut at its own file size limit ends early and says so in `truncated`: refused too.
 */
export async function readLimited(
  input: Buffer | (AsyncIterable<Buffer> & { truncated?: boolean }),
  maxBytes: number,
): Promise<Buffer> {
  if (Buffer.isBuffer(input)) {
    if (input.length > maxBytes) throw appError('image-too-large');
    return input;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    size += chunk.length;
    if (size > maxBytes) throw appError('image-too-large');
    chunks.push(chunk);
  }
  if (input.truncated) throw appError('image-too-large');
  return Buffer.concat(chunks);
}

/** The formats we take, whatever the file's name or declared type says: sharp reads them from the bytes. */
function isAllowed({ format, compression }: Metadata): boolean {
  if (format === 'jpeg' || format === 'png' || format === 'webp') return true;
  // AVIF is HEIF with AV1 inside; HEIC (HEVC inside) is not something browsers show.
  return format === 'heif' && compression === 'av1';
}

/** sharp's refusal as ours: over `limitInputPixels` is too large; anything it cannot read is not an allowed image. */
function refusalOf(err: unknown): AppError {
  const tooLarge = err instanceof Error && /pixel limit/i.test(err.message);
  return new AppError(tooLarge ? 'image-too-large' : 'image-type-not-allowed', undefined, { cause: err });
}

/** The header's word on type and size, read without decoding a pixel: the pixels the upload declares. */
async function inspect(bytes: Buffer, { maxPixels }: ImageLimits): Promise<number> {
  let metadata: Metadata;
  try {
    // Reading a header decodes no pixel; the pixel count is checked below, and again by sharp when decoding.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw refusalOf(err);
  }
  if (!isAllowed(metadata)) throw appError('image-type-not-allowed');
  const { width, height } = metadata;
  if (!width || !height) throw appError('image-type-not-allowed');
  // A decompression bomb: a few kilobytes that declare more pixels than we would ever hold in memory.
  if (width * height > maxPixels) throw appError('image-too-large');
  return width * height;
}

interface Decoded {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * The one decode: turned upright by its EXIF orientation, shrunk to fit LARGEST_SIDE (on load, where the format
 * can), transparency laid on white, as raw pixels. Raw pixels carry no metadata.
 */
async function decode(bytes: Buffer, { maxPixels }: ImageLimits): Promise<Decoded> {
  const { data, info } = await sharp(bytes, { limitInputPixels: maxPixels })
    .rotate()
    .resize({ width: LARGEST_SIDE, height: LARGEST_SIDE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: BACKGROUND })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

/** One variant from the decoded pixels: resized (never enlarged) and encoded; sharp writes no metadata by default. */
function encode({ data, info }: Decoded, variant: ImageVariant): Promise<Buffer> {
  const width = IMAGE_VARIANTS[variant];
  let image = sharp(data, { raw: info });
  if (width) image = image.resize({ width, withoutEnlargement: true });
  return image.jpeg(JPEG).toBuffer();
}

async function renderAll(bytes: Buffer, limits: ImageLimits): Promise<Record<ImageVariant, Buffer>> {
  let decoded: Decoded;
  try {
    decoded = await decode(bytes, limits);
  } catch (err) {
    // The header looked right but the pixels do not: truncated or corrupt data, or a header that lied about its size.
    throw refusalOf(err);
  }
  // One after another: each holds its own output buffers, and a few uploads at once must not multiply them.
  const rendered: Buffer[] = [];
  for (const variant of VARIANTS) rendered.push(await encode(decoded, variant));
  return Object.fromEntries(VARIANTS.map((variant, i) => [variant, rendered[i]])) as Record<ImageVariant, Buffer>;
}

/**
 * What an account's uploads may still cost: `charge` is told the pixels an upload declares, after its header is
 * read and before it is decoded, and throws the catalogue's refusal when the account is over its budget.
 */
export interface UploadBudget {
  charge(pixels: number): Promise<void>;
}

/**
 * Checks an upload (size, type sniffed from the bytes, pixel count), renders its variants and stores them under
 * a new random id. Answers the Image asset; refusals are `image-missing`, `image-too-large`,
 * `image-type-not-allowed` and the budget's (`upload-limit-reached`).
 */
export async function saveImage(
  storage: MediaStorage,
  input: Buffer | AsyncIterable<Buffer>,
  limits: ImageLimits = DEFAULT_IMAGE_LIMITS,
  budget?: UploadBudget,
): Promise<ImageAsset> {
  const bytes = await readLimited(input, limits.maxBytes);
  if (bytes.length === 0) throw appError('image-missing');
  const pixels = await inspect(bytes, limits);
  await budget?.charge(pixels);
  const variants = await renderAll(bytes, limits);
  const publicId = randomUUID();
  const keys = VARIANTS.map((variant) => imageKey(publicId, variant));
  try {
    await Promise.all(VARIANTS.map((variant, i) => storage.put(keys[i]!, variants[variant], 'image/jpeg')));
  } catch (err) {
    // No half image left behind; the upload failed as a whole.
    await Promise.allSettled(keys.map((key) => storage.delete(key)));
    throw err;
  }
  const links = Object.fromEntries(VARIANTS.map((variant, i) => [variant, storage.url(keys[i]!)]));
  return { provider: storage.provider, publicId, links: links as ImageAsset['links'] };
}

/**
 * Removes an image's variants. False when `storage` does not hold it: an asset of another provider (kept
 * before a change of store) or not ours (an id this pipeline would not have made).
 */
export async function deleteImage(
  storage: MediaStorage,
  asset: Pick<ImageAsset, 'provider' | 'publicId'>,
): Promise<boolean> {
  if (asset.provider !== storage.provider || !PUBLIC_ID.test(asset.publicId)) return false;
  await Promise.all(VARIANTS.map((variant) => storage.delete(imageKey(asset.publicId, variant))));
  return true;
}
