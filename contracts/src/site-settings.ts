import type { SiteSettings } from './content';

// The site's texts as a fresh install shows them (docs/requirements/public-pages.md#page-texts):
// the backend seeds them, and the browser falls back on them if the site's own cannot be read.
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  siteName: 'Atelier',
  logoText: 'Atelier',
  footer: { name: 'Atelier', year: 2025 },
  pages: {
    home: {
      title: 'Atelier: Machine Learning, Generative AI, Python & Full-Stack Development',
      description:
        'Resources for AI developers and creators: machine learning and full-stack projects, generative AI demos, a gallery of AI-generated images and curated developer links.',
      heading: 'Machine Learning, Generative AI, Python & Full-Stack Development',
    },
    gallery: {
      title: 'Gallery of AI-Generated Images & Video',
      description: 'A gallery of AI-generated images and video, each labelled with the model that made it and its author.',
      heading: 'AI-Generated Images & Video',
    },
    resources: {
      title: 'Developer Resources',
      description:
        'Curated tutorials, videos, courses and code repositories for developers and professionals of AI/ML, full-stack, Python and React.',
      heading: 'For Devs/Pros of AI/ML/Full-Stack/Python/React & more',
    },
    exhibit: {
      title: 'Exhibit of AI-Generated Images & Video',
      description: 'A single-column exhibit of full-size AI-generated images, each tagged with the model that made it.',
    },
    forge: {
      title: 'Forge: AI Image, Video & Chat Generator',
      description: 'Type a prompt and generate a new image with Stable Diffusion 1.5 on the Forge generator.',
    },
    dream: {
      title: 'Dream-o-matic: AI Dream Image Generator',
      description: 'Pick a day dream, nice dream, strange dream or nightmare and generate a unique dream image.',
    },
    life: {
      title: 'Synthetic Life: Bot Folk Generator',
      description:
        'Create a unique Bot Folk individual with a face, genes, nurture and culture, from the synthetic-life worlds of Botville and Ultraspace.',
    },
    lobby: {
      title: 'Matrix Network: Sign In or Create Account',
      description: 'Sign in to Matrix Network, the social network for AI/ML professionals, or create a new account.',
    },
    matrix: {
      title: 'Matrix Network',
      description: 'Your Matrix Network feed: posts from AI/ML professionals, your friends and your profile.',
    },
    profile: {
      title: 'Member Profile | Matrix Network',
      description: "A Matrix Network member's profile, friends and posts.",
      heading: 'Member Profile',
    },
    restricted: {
      title: 'Restricted Area',
      description: 'Authorized access only: this area requires explicit authorization from the owner.',
    },
    videoTest: {
      title: 'Video Player',
      description: 'Video player test page in the restricted area.',
    },
    citadel: {
      title: 'Citadel',
      description: 'Authorized access only: the Citadel links to admin tools and sibling sites of the owner.',
    },
  },
  genAiColumn: true,
  resourcesNote: 'Tutorials, videos, courses and code worth your time. Hundreds more links will be added here, sorted into 20 to 30 categories.',
  restricted: {
    warningTitle: 'Authorized access only',
    warningText:
      'This is a restricted area of the site. Access requires explicit authorization from the owner; if you have not been given it, please leave this page.',
    videoTestLabel: 'Video player test',
    videoTestNote: "— the site's media player on a sample clip.",
    // Each opens in a new tab; labels say what is really behind each address.
    citadel: [
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
    ],
  },
};
