import { it } from 'vitest';
import { useWebPlatform } from '../browser-support/platform.js';
const platform = useWebPlatform({ hotels: 30 });
it('debug', async () => {
  const { page } = await platform.visitor();
  await platform.open(page, '/');
  await page.getByLabel('Destination', { exact: true }).click();
  await page.getByRole('combobox', { name: 'Destination' }).waitFor();
  console.log(await page.getByRole('search').ariaSnapshot());
}, 60000);
