// docs/routes.md says what the code does: the page as `npm run docs:routes` would write it now is the page in the
// repository. A route added, moved or handled by another flow fails this until the page is written again.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { expect, it } from 'vitest';
import { routeMap } from '../../scripts/route-map.js';

const PAGE = resolve(import.meta.dirname, '..', '..', 'docs', 'routes.md');

it('maps every route the gateway serves to its service, definition, handler and flow, as the code has them', async () => {
  const expected = await format(await routeMap(), { ...(await resolveConfig(PAGE)), filepath: PAGE });
  const page = await readFile(PAGE, 'utf8');
  expect(page, 'docs/routes.md is out of date: run `npm run docs:routes`').toBe(expected);
  // Every row found its definition and its handler.
  expect(page).not.toMatch(/\| \? \|/);
  expect(page.match(/^\| `(GET|POST|PUT|DELETE|PATCH) /gm)?.length).toBeGreaterThan(100);
});
