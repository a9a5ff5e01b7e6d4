// The showcase's first-start content (docs/decisions/0011-content-in-the-database.md): the profile card, career, projects and
// their pages, GPU ads, the construction notice, trending users, developer resources and the
// prompts of the gallery pictures. Everything about the owner is a stand-in to replace with
// `atelier setup`, `atelier site` / `atelier projects` (or PUT /api/admin/content/*): the name Alex
// Morgan, the headline, skills and availability. Nothing links to a made-up address: the patents'
// numbers and links, and the owner's profiles and repositories, appear once the owner gives them.
import type {
  CareerHighlight,
  GpuAd,
  Notice,
  ProjectBlock,
  ProjectCard,
  ProjectPage,
  ResourceLink,
  SiteProfile,
  TechChip,
  TrendingUser,
} from '@atelier/contracts';
import type { GpuArtKind } from './illustrations/showcase-art.svg';

export const OWNER_NAME = 'Alex Morgan';
export const PROFILE_PHOTO = '/assets/img/profile-photo.png';

// Technology chips, one colour per technology wherever it appears.
const chip = (name: string, color: string): TechChip => ({ name, color });
const CHIPS = {
  python: chip('Python', '#3776ab'),
  fastapi: chip('FastAPI', '#009688'),
  pydantic: chip('Pydantic', '#e92063'),
  sqlalchemy: chip('SQLAlchemy', '#d71f00'),
  postgres: chip('PostgreSQL', '#336791'),
  react: chip('React', '#087ea4'),
  typescript: chip('TypeScript', '#3178c6'),
  nextjs: chip('Next.js', '#111111'),
  node: chip('Node.js', '#417e38'),
  nestjs: chip('NestJS', '#e0234e'),
  tensorflow: chip('TensorFlow', '#e65100'),
  pytorch: chip('PyTorch', '#ee4c2c'),
  sklearn: chip('scikit-learn', '#f7931e'),
  aws: chip('AWS', '#ff9900'),
  ec2: chip('EC2', '#c45500'),
  ansible: chip('Ansible', '#cc0000'),
  docker: chip('Docker', '#1d63ed'),
  redis: chip('Redis', '#d82c20'),
  svg: chip('SVG', '#8e44ad'),
  stableDiffusion: chip('Stable Diffusion', '#6a1b9a'),
  mongodb: chip('MongoDB', '#00684a'),
  express: chip('Express', '#555555'),
} as const;

export const SITE_PROFILE: SiteProfile = {
  ownerName: OWNER_NAME,
  headline: 'Lead Developer: Machine Learning, Generative AI, Python & Full-Stack',
  photo: PROFILE_PHOTO,
  photoAlt: `${OWNER_NAME}, pictured as a Bot Folk face`,
  summary:
    'I lead teams that turn machine learning into products people use: from data pipelines and model training to the APIs, ' +
    'web apps and cloud automation around them. Two US patents in machine-learning solar design, and a long record of ' +
    'shipping Python and JavaScript systems at scale.',
  skills: [
    { name: 'Python', years: 12 },
    { name: 'Machine learning', years: 8 },
    { name: 'Generative AI', years: 3 },
    { name: 'Full-stack JavaScript / React', years: 10 },
    { name: 'Cloud & DevOps (AWS, Ansible, Docker)', years: 8 },
    { name: 'SQL & PostgreSQL', years: 12 },
    { name: 'Team leadership', years: 5 },
  ],
  // Titles and years only: the numbers and links are the owner's (`atelier setup`), and the card
  // shows none until they are given.
  patents: [
    { title: 'Machine-learning system for automated solar panel layout design', year: 2019 },
    { title: 'Shade and irradiance estimation from aerial imagery for photovoltaic design', year: 2020 },
  ],
  availability: [
    'Back on the market for a contract or direct role.',
    'Working 100% remote from Northern California, on any schedule or timezone, as W2, contract, agency or direct hire.',
  ],
  moreToCome: 'Many more projects and experiences are coming in 2025: about 20-30 projects are planned.',
  // The owner's own profiles (`atelier setup`); none is made up.
  links: [],
};

export const CAREER: Omit<CareerHighlight, 'id'>[] = [
  {
    company: 'Independent (open source and contracts)',
    role: 'Lead Developer, Python & Cloud Automation',
    period: '2021 - present',
    summary:
      'Open-source stacks (Bedrock, AnsibleMyEC2) and the Bot Folk simulation; a 2023-2024 contract automating EC2 fleets with Ansible.',
  },
  {
    company: 'A residential solar company',
    role: 'Lead Developer and Team Manager, Machine Learning Solar Design',
    period: '2018 - 2021',
    summary:
      'Led the team that designed rooftop solar systems with machine learning from aerial imagery; ' +
      'co-inventor on 2 US patents, granted in 2019 and 2020.',
  },
  {
    company: 'A large computer maker',
    role: 'Senior Developer, Email Automation and Machine Learning',
    period: '2014 - 2018',
    summary:
      'Built models that chose the content and send time of marketing email for millions of customers, and the automation that ran them.',
  },
  {
    company: 'A large computer maker',
    role: 'Developer, Email Automation',
    period: '2011 - 2014',
    summary:
      'Automated the assembly, testing and delivery of personalised email campaigns; ' +
      'first machine-learning experiments on engagement data.',
  },
  {
    company: 'A web portal company',
    role: 'Web Performance Engineer, Beacons',
    period: '2008 - 2011',
    summary:
      'Wrote the page-performance beacon that measured real visitors’ load times across the portal, and the reports that acted on it.',
  },
];

/** A seeded project: its card, and its page at /project/<slug>. */
export interface SeedProject {
  card: ProjectCard;
  page: Omit<ProjectPage, 'slug'>;
}

/** Site paths of the project thumbnails, by slug; the seed draws each one. */
export const projectImage = (slug: string) => `/assets/projects/${slug}.png`;

/** The solar page's videos, copied from backend/assets/videos when that folder has them. */
export const SOLAR_VIDEOS = [
  { file: 'solar-design-walkthrough.webm', caption: 'Walkthrough: from an address to a complete panel layout' },
  { file: 'solar-shade-analysis.webm', caption: 'Shade analysis: yearly irradiance over the roof planes' },
] as const;
export const PROJECT_VIDEO_PATH = '/assets/projects/vid';

/**
 * The sample videos the gallery shows too (when the folder has them), by file name without
 * extension, each with the place it takes in the gallery (from 0): one in each of the first rows.
 */
export const GALLERY_VIDEOS = [
  { stem: 'sample-clip', at: 2 },
  { stem: 'solar-design-walkthrough', at: 9 },
  { stem: 'solar-shade-analysis', at: 16 },
] as const;
/** Their frame: 640x360 WebM with a poster JPEG of the same name (backend/assets/videos/README.md). */
export const SAMPLE_VIDEO_SIZE = { width: 640, height: 360 } as const;

const underConstruction = (rows: { label: string; value: string }[]): ProjectBlock => ({
  kind: 'profile-card',
  name: OWNER_NAME,
  subtitle: 'Under construction',
  picture: PROFILE_PHOTO,
  friends: 37,
  counters: [
    { label: "Who's viewed your profile", value: 1234 },
    { label: 'Impressions of your post', value: 5678 },
  ],
  rows,
});

const MIT_LICENCE = `MIT License

Copyright (c) 2023 ${OWNER_NAME}

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.`;

/** In the order of the Projects list; the first four are the home page's cards. */
export const PROJECTS: SeedProject[] = [
  {
    card: {
      slug: 'solar',
      title: 'Machine Learning Solar Design',
      period: '2018 - 2021',
      role: 'Full-time lead developer and team manager',
      image: projectImage('solar'),
      imageAlt: 'Illustration: rows of solar panels on a roof under the sun, with a shade-analysis overlay',
      bulletsLeft: [
        'Designed rooftop solar systems from aerial imagery',
        'Roof planes, obstructions and shade estimated by ML models',
        'Two US patents, granted in 2019 and 2020',
      ],
      bulletsRight: [
        'Led and hired the development team',
        'Python model pipeline behind a React design tool',
        'Company later acquired',
      ],
      narrative:
        'A design tool that turned an address into a complete solar panel layout in minutes instead of days. Models read the roof ' +
        'from aerial imagery, estimated shade over the year and proposed the layout an installer could sell and build; the ' +
        'team I led took it from prototype to the product the sales force used every day.',
      chips: [CHIPS.python, CHIPS.tensorflow, CHIPS.sklearn, CHIPS.react, CHIPS.postgres, CHIPS.aws],
      listTitle: 'Machine Learning Solar Design',
      listAuthor: 'Python, TensorFlow, React, AWS',
      featured: true,
    },
    page: {
      title: 'Machine Learning Solar Design',
      subtitle: 'Lead developer and team manager, 2018 - 2021: two US patents',
      blocks: [
        {
          kind: 'text',
          heading: 'The product',
          paragraphs: [
            'Designing a residential solar system used to mean a site visit, a tape measure and a day of drafting. This tool did it ' +
              'from an address: machine-learning models found the roof planes and obstructions in aerial imagery, estimated how much ' +
              'sun each part of the roof receives over a year, and laid out the panels for the best yield within the building codes.',
            'I led the development team from the first prototype to the tool the sales and design teams used daily, and I am a ' +
              'co-inventor on the two US patents that came out of the work.',
          ],
        },
        {
          kind: 'videos',
          heading: 'See it work',
          videos: SOLAR_VIDEOS.map(({ file, caption }) => ({ src: `${PROJECT_VIDEO_PATH}/${file}`, caption })),
        },
        {
          kind: 'links',
          heading: 'Patents',
          links: [
            {
              label: 'US patent (2019): automated solar panel layout design',
              url: 'https://patents.google.com/?q=%22solar+panel+layout%22+%22machine+learning%22&before=priority:20190101',
              note: 'Granted 2019',
            },
            {
              label: 'US patent (2020): shade estimation from aerial imagery',
              url: 'https://patents.google.com/?q=%22shade%22+%22aerial+imagery%22+photovoltaic&before=priority:20200101',
              note: 'Granted 2020',
            },
            {
              label: 'Related patents on Google Patents',
              url: 'https://patents.google.com/?q=%22solar%22+%22machine+learning%22+design',
              note: 'Search of the patent family and citing patents',
            },
          ],
        },
        {
          kind: 'text',
          heading: 'What happened next',
          paragraphs: [
            'The company was acquired after I left; the design technology carried on inside the acquirer’s platform.',
          ],
        },
      ],
    },
  },
  {
    card: {
      slug: 'bedrock',
      title: 'Bedrock Stack',
      period: 'Since Oct 2024',
      role: 'Creator and maintainer, open source',
      image: projectImage('bedrock'),
      imageAlt: 'Illustration: the layers of a full stack, from database to browser',
      bulletsLeft: [
        'FastAPI backend with typed models',
        'PostgreSQL through SQLAlchemy, with migrations',
        'Sign-in, roles and admin built in',
      ],
      bulletsRight: ['React front end', 'Docker Compose for local and production', 'Tests and CI from the first commit'],
      narrative:
        'An open-source Python full stack for teams whose models are in Python and who want their web app there too: FastAPI ' +
        'and Pydantic on the server, PostgreSQL underneath and React in front, wired together so a new product starts from a ' +
        'working, tested whole instead of a blank page.',
      chips: [CHIPS.python, CHIPS.fastapi, CHIPS.pydantic, CHIPS.sqlalchemy, CHIPS.postgres, CHIPS.react, CHIPS.docker],
      listTitle: 'Python FastAPI Stack',
      listAuthor: 'FastAPI, PostgreSQL, React, Docker',
      featured: true,
    },
    page: {
      title: 'Bedrock Stack',
      subtitle: 'An open-source Python full stack on FastAPI, since Oct 2024',
      blocks: [
        {
          kind: 'text',
          heading: 'Why Python, all the way down',
          paragraphs: [
            'Python dominates machine learning and data work: PyTorch, TensorFlow, scikit-learn, pandas and Hugging Face are ' +
              'Python first, and GitHub’s Octoverse 2024 report found Python had become the most used language on GitHub, ' +
              'overtaking JavaScript.',
            'When the models are in Python, the API serving them should be too. FastAPI makes that API fast and typed, and ' +
              'Bedrock puts the rest of a product around it: database, sign-in, admin, front end, containers and tests.',
          ],
        },
        {
          kind: 'chips',
          heading: 'The stack',
          chips: [
            CHIPS.python,
            CHIPS.fastapi,
            CHIPS.pydantic,
            CHIPS.sqlalchemy,
            CHIPS.postgres,
            CHIPS.redis,
            CHIPS.react,
            CHIPS.typescript,
            CHIPS.docker,
          ],
        },
      ],
    },
  },
  {
    card: {
      slug: 'ansible',
      title: 'AnsibleMyEC2',
      period: '2023',
      role: 'Author, open source; used in a 2023-2024 contract',
      image: projectImage('ansible'),
      imageAlt: 'Illustration: a playbook provisioning a row of EC2 instances',
      bulletsLeft: ['Provisions EC2 instances, security groups and keys', 'Idempotent playbooks: run twice, change nothing'],
      bulletsRight: ['Hardened, monitored Linux hosts', 'Used for a client fleet in 2023-2024'],
      narrative:
        'Ansible playbooks and roles that take an empty AWS account to a fleet of hardened, monitored EC2 hosts, and keep it ' +
        'that way. Open source under the MIT licence, and the backbone of a 2023-2024 contract.',
      chips: [CHIPS.ansible, CHIPS.aws, CHIPS.ec2, CHIPS.python, CHIPS.docker],
      listTitle: 'AnsibleMyEC2 open source',
      listAuthor: 'Ansible, AWS EC2, Python',
      featured: true,
    },
    page: {
      title: 'AnsibleMyEC2',
      subtitle: 'Open-source cloud automation for EC2, 2023',
      blocks: [
        {
          kind: 'text',
          paragraphs: [
            'AnsibleMyEC2 provisions and configures EC2 fleets with plain Ansible: instances, security groups, keys, users, ' +
              'hardening and monitoring, all idempotent so the same run keeps a fleet in shape. It carried a 2023-2024 contract.',
          ],
        },
        { kind: 'licence', name: 'MIT License', text: MIT_LICENCE },
      ],
    },
  },
  {
    card: {
      slug: 'botfolk',
      title: 'Bot Folk: Synthetic Life',
      period: '2021 - 2023, ongoing',
      role: 'Creator',
      image: projectImage('botfolk'),
      imageAlt: 'A Bot Folk face drawn from its genes',
      bulletsLeft: ['Genes define each individual’s face and behaviour', 'Nurture and culture added by its world'],
      bulletsRight: ['Next.js prototype, full stack', 'Two worlds: Botville and Ultraspace'],
      narrative:
        'A simulation of synthetic individuals: genes decide how each one looks and behaves at birth, nurture shapes it through ' +
        'its environment, and culture is assigned by its society. The prototype is a Next.js full-stack app; try the generator ' +
        'on the Synthetic Life page.',
      chips: [CHIPS.nextjs, CHIPS.react, CHIPS.typescript, CHIPS.node, CHIPS.svg],
      listTitle: 'Next.js full stack',
      listAuthor: 'Next.js, React, TypeScript',
      featured: true,
    },
    page: {
      title: 'Bot Folk',
      subtitle: 'A synthetic-life simulation: Next.js prototype, 2021 - 2023, ongoing',
      blocks: [
        {
          kind: 'text',
          paragraphs: [
            'Every Bot Folk individual is drawn from its genes, which fix its face and its behaviour at birth. Nurture factors ' +
              'come from its environment and culture from its society, in one of two worlds: Botville and Ultraspace.',
          ],
        },
        {
          kind: 'links',
          heading: 'Meet them',
          links: [
            { label: 'Bot Folk', url: 'https://botfolk.com', note: 'The Bot Folk site' },
            { label: 'Create an individual here', url: '/life', note: 'The Synthetic Life generator on this site' },
          ],
        },
      ],
    },
  },
  {
    card: {
      slug: 'atelier',
      title: 'Atelier',
      period: '2025',
      role: 'Creator',
      image: projectImage('atelier'),
      imageAlt: 'Illustration: a falling training-loss curve beside a grid of generated pictures',
      bulletsLeft: ['Portfolio, gallery and resources, edited from a CLI', 'Image generation on CPU or GPU workers'],
      bulletsRight: ['Matrix Network: a small social network', 'NestJS, React and PostgreSQL'],
      narrative:
        'This site: a self-hostable portfolio with AI demo pages, a gallery and a small social network for AI/ML people, ' +
        'built with NestJS, React and PostgreSQL.',
      chips: [CHIPS.typescript, CHIPS.nestjs, CHIPS.react, CHIPS.postgres, CHIPS.redis, CHIPS.docker],
      listTitle: 'Atelier (this site)',
      listAuthor: 'NestJS, React, PostgreSQL',
      featured: false,
    },
    page: {
      title: 'Atelier',
      subtitle: 'This site: portfolio, AI demos and the Matrix Network',
      blocks: [
        {
          kind: 'chips',
          heading: 'Built with',
          chips: [CHIPS.typescript, CHIPS.nestjs, CHIPS.react, CHIPS.postgres, CHIPS.redis, CHIPS.docker, CHIPS.stableDiffusion],
        },
        underConstruction([
          { label: 'Location', value: 'Northern California' },
          { label: 'Occupation', value: 'Lead Developer, ML & Full-Stack' },
        ]),
        {
          kind: 'links',
          links: [
            { label: 'Visit the site', url: '/', note: 'The home page' },
            { label: 'Matrix Network', url: '/matrix', note: 'Sign in as the guest to look around' },
          ],
        },
      ],
    },
  },
  {
    card: {
      slug: 'nucleus',
      title: 'Nucleus Stack',
      period: '2024',
      role: 'Creator',
      image: projectImage('nucleus'),
      imageAlt: 'Illustration: members of a social network linked around a central node',
      bulletsLeft: ['Node.js social-network stack', 'Members, friends, posts, likes and comments'],
      bulletsRight: ['React client with Redux', 'Under construction'],
      narrative: 'A Node.js stack for small social networks: profiles, friends and a feed, ready to fork.',
      chips: [CHIPS.node, CHIPS.express, CHIPS.mongodb, CHIPS.react],
      listTitle: 'Nucleus Node.js stack',
      listAuthor: 'Node.js, Express, React',
      featured: false,
    },
    page: {
      title: 'Nucleus Stack',
      subtitle: 'A Node-based social-network stack: under construction',
      blocks: [
        underConstruction([
          { label: 'Video platform', value: 'Channel coming soon' },
          { label: 'Professional network', value: 'Profile coming soon' },
        ]),
      ],
    },
  },
];

export const adImage = (slug: string) => `/assets/ads/${slug}.png`;

export const GPU_ADS: GpuAd[] = [
  {
    slug: 'nvidia-rtx-5090',
    image: adImage('nvidia-rtx-5090'),
    imageAlt: 'Illustration of a triple-slot graphics card with two fans',
    title: 'NVIDIA GeForce RTX 5090 32 GB',
    domain: 'nvidia.com',
    tagline: '32 GB of GDDR7 on a desktop card: room for SDXL, FLUX and mid-size LLMs at home',
    url: 'https://www.nvidia.com/en-us/geforce/graphics-cards/50-series/rtx-5090/',
    description:
      'The GeForce RTX 5090 is the Blackwell-generation flagship, launched in January 2025: 21,760 CUDA cores, 32 GB of GDDR7 ' +
      'memory on a 512-bit bus with about 1.8 TB/s of bandwidth, and fifth-generation Tensor Cores with FP4 support. For ' +
      'generative AI at home that memory is the point: larger diffusion models and quantised LLMs fit on one card.',
    pageTitle: 'NVIDIA GeForce RTX 5090 32 GB',
    pageDescription: 'The NVIDIA GeForce RTX 5090 with 32 GB of memory, a GPU for generative AI work.',
  },
  {
    slug: 'nvidia-h100',
    image: adImage('nvidia-h100'),
    imageAlt: 'Illustration of an SXM server module with a large GPU die surrounded by HBM stacks',
    title: 'NVIDIA H100 Tensor Core GPU 80 GB',
    domain: 'nvidia.com',
    tagline: 'Hopper in the data centre: 80 GB of HBM3 for training and serving large models',
    url: 'https://www.nvidia.com/en-us/data-center/h100/',
    description:
      'The H100 is the Hopper-generation data-centre GPU behind much of today’s large-model training. The SXM5 module carries ' +
      '80 GB of HBM3 at about 3.35 TB/s, a Transformer Engine that trains in FP8, and fourth-generation NVLink at 900 GB/s ' +
      'between GPUs.',
    pageTitle: 'NVIDIA H100 80 GB',
    pageDescription: 'The NVIDIA H100 Tensor Core GPU with 80 GB of memory, for training and serving AI models.',
  },
];

/** What each ad's picture shows: the seed draws it (illustrations/showcase-art.svg.ts). */
export const GPU_AD_ART: Record<string, { kind: GpuArtKind; name: string; detail: string }> = {
  'nvidia-rtx-5090': { kind: 'graphics-card', name: 'RTX 5090', detail: '32 GB GDDR7' },
  'nvidia-h100': { kind: 'server-module', name: 'H100', detail: '80 GB HBM3' },
};

export const NOTICE: Omit<Notice, 'id'> = {
  text: 'Construction area: work on this feature will be complete in May, 2025.',
  dateLabel: 'May, 2025',
};

/** Fictional people of the trending widget; `gender` is their Bot Folk face's gender gene (true reads as Female). */
export const TRENDING_PEOPLE: (Omit<TrendingUser, '_id' | 'picturePath'> & { gender: boolean })[] = [
  { firstName: 'Priya', lastName: 'Raman', location: 'Bengaluru, India', gender: true },
  { firstName: 'Mateo', lastName: 'Alvarez', location: 'Buenos Aires, Argentina', gender: false },
  { firstName: 'Ingrid', lastName: 'Solberg', location: 'Oslo, Norway', gender: true },
  { firstName: 'Kwame', lastName: 'Mensah', location: 'Accra, Ghana', gender: false },
  { firstName: 'Hana', lastName: 'Kobayashi', location: 'Osaka, Japan', gender: true },
  { firstName: 'Lucas', lastName: 'Ferreira', location: 'Porto, Portugal', gender: false },
  { firstName: 'Amara', lastName: 'Okafor', location: 'Lagos, Nigeria', gender: true },
  { firstName: 'Elias', lastName: 'Novak', location: 'Prague, Czechia', gender: false },
  { firstName: 'Sofia', lastName: 'Marchetti', location: 'Turin, Italy', gender: true },
  { firstName: 'Daniel', lastName: 'Whitaker', location: 'Austin, Texas', gender: false },
  { firstName: 'Leila', lastName: 'Haddad', location: 'Montreal, Canada', gender: true },
];

/** Real, free resources, each from its author's own site. */
const RESOURCE_LINKS: Omit<ResourceLink, 'id' | 'format' | 'idu'>[] = [
  {
    title: 'PyTorch Tutorials',
    channel: 'PyTorch',
    site: 'pytorch.org',
    url: 'https://pytorch.org/tutorials/',
    icon: 'docs',
    fmat: 'tt',
    note: 'From tensors to training loops, then vision, text and deployment recipes.',
  },
  {
    title: 'Neural Networks: Zero to Hero',
    channel: 'Andrej Karpathy',
    site: 'youtube.com',
    url: 'https://www.youtube.com/playlist?list=PLAqhIrjkxbuWI23v9cThsA9GvCAUhRvKZ',
    icon: 'yt',
    fmat: 'vpl',
    note: 'Backpropagation, language models and GPT, built from scratch in code.',
  },
  {
    title: "Let's build GPT: from scratch, in code, spelled out",
    channel: 'Andrej Karpathy',
    site: 'youtube.com',
    url: 'https://www.youtube.com/watch?v=kCc8FmEb1nY',
    icon: 'yt',
    fmat: 'mega',
    note: 'A two-hour build of a transformer language model, line by line.',
  },
  {
    title: 'But what is a neural network?',
    channel: '3Blue1Brown',
    site: 'youtube.com',
    url: 'https://www.youtube.com/watch?v=aircAruvnKk',
    icon: 'yt',
    fmat: 'vid',
    note: 'The clearest visual introduction to neurons, layers and weights; chapter 1 of the series.',
  },
  {
    title: 'Hugging Face Learn',
    channel: 'Hugging Face',
    site: 'huggingface.co',
    url: 'https://huggingface.co/learn',
    icon: 'webpage',
    fmat: 'web',
    note: 'Free courses on LLMs, agents, diffusion models, computer vision and more.',
  },
  {
    title: 'Practical Deep Learning for Coders',
    channel: 'fast.ai',
    site: 'course.fast.ai',
    url: 'https://course.fast.ai/',
    icon: 'webpage',
    fmat: 'vcp',
    note: 'Top-down deep learning for people who can code: train real models from lesson one.',
  },
  {
    title: 'Machine Learning Crash Course',
    channel: 'Google for Developers',
    site: 'developers.google.com',
    url: 'https://developers.google.com/machine-learning/crash-course',
    icon: 'webpage',
    fmat: 'tt',
    note: 'Google’s fast-paced introduction to ML, with exercises and visualisations.',
  },
  {
    title: 'scikit-learn User Guide',
    channel: 'scikit-learn',
    site: 'scikit-learn.org',
    url: 'https://scikit-learn.org/stable/user_guide.html',
    icon: 'docs',
    fmat: 'tt',
    note: 'Classical machine learning explained, from linear models to pipelines and model selection.',
  },
  {
    title: 'Kaggle Learn',
    channel: 'Kaggle',
    site: 'kaggle.com',
    url: 'https://www.kaggle.com/learn',
    icon: 'webpage',
    fmat: 'web',
    note: 'Short, hands-on courses in Python, pandas, ML and deep learning, run in the browser.',
  },
  {
    title: "CS50's Introduction to Artificial Intelligence with Python",
    channel: 'Harvard CS50',
    site: 'cs50.harvard.edu',
    url: 'https://cs50.harvard.edu/ai/',
    icon: 'webpage',
    fmat: 'vcp',
    note: 'Search, knowledge, uncertainty, optimisation, learning, neural networks and language.',
  },
  {
    title: 'freeCodeCamp.org',
    channel: 'freeCodeCamp.org',
    site: 'youtube.com',
    url: 'https://www.youtube.com/@freecodecamp',
    icon: 'yt',
    fmat: 'vch',
    note: 'Hundreds of free full-length courses: Python, JavaScript, machine learning and more.',
  },
  {
    title: 'FastAPI Tutorial - User Guide',
    channel: 'FastAPI',
    site: 'fastapi.tiangolo.com',
    url: 'https://fastapi.tiangolo.com/tutorial/',
    icon: 'docs',
    fmat: 'tt',
    note: 'Step by step through a typed Python API: paths, bodies, dependencies and security.',
  },
  {
    title: 'The Python Tutorial',
    channel: 'Python Software Foundation',
    site: 'docs.python.org',
    url: 'https://docs.python.org/3/tutorial/',
    icon: 'docs',
    fmat: 'tt',
    note: 'The official tour of the language, from the interpreter to classes and the standard library.',
  },
  {
    title: 'Learn React',
    channel: 'React',
    site: 'react.dev',
    url: 'https://react.dev/learn',
    icon: 'docs',
    fmat: 'tt',
    note: 'The official guide: components, state, effects and thinking in React.',
  },
  {
    title: 'JavaScript Guide',
    channel: 'MDN Web Docs',
    site: 'developer.mozilla.org',
    url: 'https://developer.mozilla.org/en-US/docs/Web/JavaScript/Guide',
    icon: 'docs',
    fmat: 'tt',
    note: 'The reference introduction to JavaScript, maintained by Mozilla and the community.',
  },
  {
    title: 'The TypeScript Handbook',
    channel: 'TypeScript',
    site: 'typescriptlang.org',
    url: 'https://www.typescriptlang.org/docs/handbook/intro.html',
    icon: 'docs',
    fmat: 'tt',
    note: 'Everyday types, narrowing, generics and modules, from the TypeScript team.',
  },
  {
    title: 'Introduction to Node.js',
    channel: 'Node.js',
    site: 'nodejs.org',
    url: 'https://nodejs.org/en/learn/getting-started/introduction-to-nodejs',
    icon: 'docs',
    fmat: 'tt',
    note: 'The official learning path for server-side JavaScript.',
  },
  {
    title: 'Docker: Get started',
    channel: 'Docker',
    site: 'docs.docker.com',
    url: 'https://docs.docker.com/get-started/',
    icon: 'docs',
    fmat: 'tt',
    note: 'Containers, images and Compose, with a hands-on walkthrough.',
  },
  {
    title: 'PostgreSQL Tutorial',
    channel: 'The PostgreSQL Global Development Group',
    site: 'postgresql.org',
    url: 'https://www.postgresql.org/docs/current/tutorial.html',
    icon: 'docs',
    fmat: 'tt',
    note: 'The official tutorial: SQL basics, then joins, transactions and window functions.',
  },
  {
    title: 'Stable Diffusion web UI',
    channel: 'AUTOMATIC1111',
    site: 'github.com',
    url: 'https://github.com/AUTOMATIC1111/stable-diffusion-webui',
    icon: 'gh',
    fmat: 'repo',
    note: 'The popular browser interface for Stable Diffusion; Atelier can send jobs to it as a GPU worker.',
  },
  {
    title: 'ComfyUI',
    channel: 'Comfy Org',
    site: 'github.com',
    url: 'https://github.com/Comfy-Org/ComfyUI',
    icon: 'gh',
    fmat: 'repo',
    note: 'Node-graph interface and engine for diffusion workflows; also usable as an Atelier GPU worker.',
  },
];

/** `idu` is the url (spec). */
export const RESOURCES: Omit<ResourceLink, 'id' | 'format'>[] = RESOURCE_LINKS.map((link) => ({ ...link, idu: link.url }));

/** What made the gallery's pictures, as the gallery and exhibit label them. */
export const PICTURE_MAKERS = {
  procedural: { model: 'Atelier Procedural v1', author: '@atelier' },
  botfolk: { model: 'Bot Folk Faces', author: '@botfolk' },
} as const;

/** Prompts of the procedural gallery pictures: every subject, mood and colour the renderer reads. */
export const GALLERY_PROMPTS: readonly string[] = [
  'a lighthouse on a rocky coast at sunset, golden light on the sea',
  'a misty pine forest at dawn, calm and green',
  'a neon city skyline at night in the rain',
  'snowy mountains under a starry purple sky',
  'a red desert canyon at noon under a blue sky',
  'a field of pink tulips in a sunny garden',
  'a lonely astronaut above a blue planet in deep space',
  'a portrait of a woman in golden evening light',
  'a stormy sea with lightning over dark waves',
  'an ancient oak forest in autumn, warm orange leaves',
  'a quiet harbour town at twilight with silver boats',
  'a frozen lake between white mountains, cold and still',
  'a galaxy of teal and purple nebula clouds',
  'sand dunes at sunrise, soft golden light',
  'a city street in heavy rain at night, glowing windows',
  'a meadow of yellow daisies under a calm sky',
  'an eerie dark forest under a red moon',
  'a tropical beach with turquoise water, joyful summer',
  'a snowy village at night with warm lights',
  'a volcano erupting at dusk, orange and black',
  'a dreamy pastel sky over floating islands',
  'a portrait of an old man with a grey beard, dark background',
  'rain over a green valley, moody clouds',
  'a desert oasis with palm trees at sunset',
  'a futuristic skyscraper city at dawn, silver and blue',
  'a starry night over the ocean, navy and gold',
  'a garden of red roses after the rain',
  'alpine peaks at sunrise, pink snow',
  'a blizzard in a frozen pine forest',
  'an abstract dream of purple and orange shapes',
  'a calm bay at sunset with pink clouds',
  'the rings of a giant planet over a rocky moon',
  'a portrait of a child in a field of flowers, joyful',
  'a dark city in a thunderstorm, eerie green light',
  'autumn hills at dusk, warm brown and gold',
  'a glacier under a cold white sky',
  'a jungle river in the morning mist',
  'a cactus desert under a starry sky',
  'a cozy town in the snow at sunset',
  'waves crashing on black cliffs, cold and grey',
  'a blossoming cherry tree in a pastel garden',
  'a nebula over snowy mountains, dreamy',
  'an empty downtown street at dawn, calm',
  'a golden wheat field under summer clouds',
  'a strange world of teal shapes and red stars',
  'a rainy night in a neon metropolis, purple and pink',
  'a peaceful lake in the forest at sunrise',
  'a nightmare of black towers under a red sky',
  'an orchid garden in soft morning light',
  'a moonlit beach with silver waves',
];

/** Seeds of the Bot Folk faces in the gallery (each seed draws one individual). */
export const GALLERY_FACE_SEEDS: readonly string[] = Array.from({ length: 10 }, (_, i) => `gallery-face-${i + 1}`);

/** How many gallery pictures the exhibit shows again. */
export const EXHIBIT_COUNT = 48;
