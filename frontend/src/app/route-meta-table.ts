import type { ProjectPage } from '@atelier/contracts';
import type { ContentMeta, RouteMeta } from '../components/route-meta';
import { contentApi } from '../store/content-api';
import { contentOf } from './page-content-loader';

// Titles, descriptions and headings of every page; the required texts where docs/requirements/public-pages.md#page-texts gives them.
export const ROUTE_META = {
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
  rtx5090: {
    title: 'NVIDIA GeForce RTX 5090 32 GB',
    description: 'The NVIDIA GeForce RTX 5090 with 32 GB of memory, a GPU for generative AI work.',
  },
  h100: {
    title: 'NVIDIA H100 80 GB',
    description: 'The NVIDIA H100 Tensor Core GPU with 80 GB of memory, for training and serving AI models.',
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
} satisfies Record<string, RouteMeta>;

export const SITE_META: RouteMeta = ROUTE_META.home;

/**
 * A project page's meta, from the project its loader answered: its title and subtitle. Before the
 * answer arrives (a first visit in the browser) it is a plain "Project"; a project that does not
 * exist says so.
 */
export const projectMeta: ContentMeta = (data, { slug = '' }) => {
  const page = contentOf(data)[contentApi.project.key(slug)] as ProjectPage | null | undefined;
  if (page === null) return { title: 'Project Not Found | Atelier', description: 'There is no page for this project.', heading: 'Project not found' };
  if (page === undefined) return { title: 'Project | Atelier', description: 'A project from this portfolio.', heading: 'Project' };
  return { title: `${page.title} | Atelier`, description: page.subtitle, heading: page.title };
};
