// The More page's four external links (spec section 2: book a product demo, work with brands, bug report,
// feature requests). Where they point is the deployment's business (a booking tool, a form, a tracker), so
// each address comes from the web server's environment, with the company's own pages by default.
export interface MoreLink {
  id: 'demo' | 'brands' | 'bug' | 'feature';
  label: string;
  description: string;
  href: string;
}

const env = process.env;
const SITE = 'https://travelclub.example';

export function moreLinks(): MoreLink[] {
  return [
    {
      id: 'demo',
      label: 'Book a product demo',
      description: 'A call with our team: set up your club together and ask anything.',
      href: env.MORE_DEMO_URL ?? `${SITE}/demo`,
    },
    {
      id: 'brands',
      label: 'Work with brands',
      description: 'Hotels and travel brands looking for creators like you: tell us what you make.',
      href: env.MORE_BRANDS_URL ?? `${SITE}/brands`,
    },
    {
      id: 'bug',
      label: 'Report a bug',
      description: 'Something not working as it should? Tell us what happened and where.',
      href: env.MORE_BUG_REPORT_URL ?? `${SITE}/bugs`,
    },
    {
      id: 'feature',
      label: 'Request a feature',
      description: 'What would make your club better? We read every request.',
      href: env.MORE_FEATURE_REQUEST_URL ?? `${SITE}/ideas`,
    },
  ];
}
