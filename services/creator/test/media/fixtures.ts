// Images made in the test, by sharp or by hand: a camera JPEG with orientation, GPS, ICC and XMP metadata, the
// other allowed formats, files that only pretend to be images, and a decompression bomb.
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** The EXIF tag (in IFD0) that points at the GPS block, as its little-endian bytes. */
export const GPS_POINTER_TAG = Buffer.from([0x25, 0x88]);

/**
 * A 1200x800 photo whose EXIF says "rotate 90° clockwise" (orientation 6), so it shows 800x1200 upright; left
 * half red, right half blue, so the turn can be seen. It carries a camera, GPS position, an ICC profile and XMP.
 */
export async function cameraJpeg(): Promise<Buffer> {
  const half = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#0000ff' } })
    .png()
    .toBuffer();
  return (
    sharp({ create: { width: 1200, height: 800, channels: 3, background: '#ff0000' } })
      .composite([{ input: half, left: 600, top: 0 }])
      .jpeg({ quality: 92 })
      .withExif({
        IFD0: { Make: 'TestCam', Model: 'Leaky 1', Copyright: 'A Creator' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 51/1 2976/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '2/1 17/1 4020/100',
        },
      })
      // sharp writes its own orientation tag: set it here, not in the EXIF above.
      .withMetadata({ orientation: 6 })
      .withIccProfile('p3')
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
      )
      .toBuffer()
  );
}

/** A 300x150 PNG with transparency: smaller than 600 px, so it must not be enlarged. */
export const smallPng = () =>
  sharp({ create: { width: 300, height: 150, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } })
    .png()
    .toBuffer();

const solid = (width = 64, height = 48) => sharp({ create: { width, height, channels: 3, background: '#336699' } });

export const webp = () => solid().webp().toBuffer();
export const avif = () => solid().avif().toBuffer();
export const gif = () => solid().gif().toBuffer();
export const tiff = () => solid().tiff().toBuffer();

export const textFile = () => Buffer.from('Dear creator, this is a text file named photo.jpg.\n');
export const svgFile = () =>
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><script>alert(1)</script>' +
      '<rect width="400" height="400" fill="red"/></svg>',
  );
export const pdfFile = () =>
  Buffer.from('%PDF-1.7\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a complete, valid PNG of `side`×`side` black pixels (1 bit each) that weighs a few tens
 * of kilobytes; 20000×20000 is 400 megapixels, over a gigabyte once decoded to RGB.
 */
export function pngBomb(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filtering, no interlace
  const row = Math.ceil(side / 8) + 1; // a filter byte (0: none) and the row's bits, all zero
  const pixels = deflateSync(Buffer.alloc(row * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
