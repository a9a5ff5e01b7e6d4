// Where the Citadel points: the site's own admin tools and areas, and the owner's sibling sites. Each
// opens in a new tab. Labels say what is really behind each address.

export interface CitadelLink {
  label: string;
  href: string;
  note: string;
}

export interface CitadelGroup {
  heading: string;
  links: CitadelLink[];
}

export const CITADEL_GROUPS: CitadelGroup[] = [
  {
    heading: 'Admin tools',
    links: [
      {
        label: 'API reference',
        href: '/api/docs',
        note: 'OpenAPI reference of the public, member and admin API; admin calls need the admin token.',
      },
      { label: 'OpenAPI document', href: '/api/docs/openapi.json', note: 'The same reference as JSON, for tools.' },
      { label: 'Health check', href: '/api/health', note: 'Whether the API and its database answer.' },
    ],
  },
  {
    heading: 'This site',
    links: [
      { label: 'Matrix Network', href: '/matrix', note: 'The members’ feed; asks you to sign in first.' },
      { label: 'Synthetic Life', href: '/life', note: 'The Bot Folk generator.' },
      { label: 'Video player test', href: '/ll1l1l1ll/test', note: 'The media player on a sample clip.' },
    ],
  },
  {
    heading: 'Sibling sites',
    links: [
      { label: 'Bot Folk', href: 'https://botfolk.com', note: 'The synthetic-life project’s own site.' },
      {
        label: 'Atelier on GitHub',
        href: 'https://github.com/example/atelier',
        note: 'Placeholder address for this site’s source repository, until the owner sets the real one.',
      },
    ],
  },
];

export const VIDEO_TEST_PATH = '/ll1l1l1ll/test';
