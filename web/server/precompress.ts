// After the build: a brotli (.br) and a gzip (.gz) copy beside every script, stylesheet and SVG in the
// client's assets, so the web server sends them compressed without compressing on each request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assetsDir = fileURLToPath(new URL('../build/client/assets/', import.meta.url));
const names = (await readdir(assetsDir)).filter((name) => /\.(js|css|svg)$/.test(name));
for (const name of names) {
  const content = await readFile(`${assetsDir}${name}`);
  const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length };
  await writeFile(`${assetsDir}${name}.br`, brotliCompressSync(content, { params }));
  await writeFile(`${assetsDir}${name}.gz`, gzipSync(content, { level: 9 }));
}
console.log(`precompressed ${names.length} client files (brotli and gzip)`);
