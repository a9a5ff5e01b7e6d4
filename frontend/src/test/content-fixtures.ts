import type { GalleryItem, GpuAd, ProjectCard, ProjectPage, SiteContent, TrendingUser } from '@atelier/contracts';

// Content as GET /api/content/* answers it, for the showcase pages' specs: the required texts and
// counts (5 career items, 4 featured cards of 6 projects, 2 GPU ads, 11 trending users).

const chip = (name: string, color: string) => ({ name, color });

const project = (card: Omit<ProjectCard, 'image' | 'imageAlt'> & { imageAlt?: string }): ProjectCard => ({
  image: `/assets/projects/${card.slug}.png`,
  imageAlt: card.imageAlt ?? `${card.title} screenshot`,
  ...card,
});

export const projectCards: ProjectCard[] = [
  project({
    slug: 'solar',
    title: 'Machine Learning Solar Design',
    period: '2018 - 2021',
    role: 'Full-time lead developer and team manager',
    bulletsLeft: ['Led a team of 6 engineers', 'Two US patents, 2019 and 2020'],
    bulletsRight: ['Roof segmentation from aerial imagery', 'Panel layout optimiser'],
    narrative: 'A machine-learning app that designs a solar installation from a street address in seconds.',
    chips: [chip('Python', '#3776ab'), chip('TensorFlow', '#ff6f00'), chip('React', '#61dafb')],
    listTitle: 'Machine Learning Solar Design',
    listAuthor: 'Python, TensorFlow, React',
    featured: true,
  }),
  project({
    slug: 'bedrock',
    title: 'Bedrock Stack',
    period: 'Since Oct 2024',
    role: 'Author and maintainer',
    bulletsLeft: ['Open-source Python full stack', 'FastAPI, SQLModel, PostgreSQL'],
    bulletsRight: ['React front end', 'Docker Compose deployment'],
    narrative: 'A batteries-included full stack for Python developers, built on FastAPI.',
    chips: [chip('FastAPI', '#009688'), chip('PostgreSQL', '#336791')],
    listTitle: 'Python FastAPI Stack',
    listAuthor: 'FastAPI, PostgreSQL, React',
    featured: true,
  }),
  project({
    slug: 'ansible',
    title: 'AnsibleMyEC2',
    period: '2023',
    role: 'Author',
    bulletsLeft: ['Open-source EC2 automation', 'Idempotent playbooks'],
    bulletsRight: ['Used in a 2023-2024 contract', 'MIT licence'],
    narrative: 'Ansible playbooks that provision, harden and deploy to AWS EC2 instances.',
    chips: [chip('Ansible', '#ee0000'), chip('AWS', '#ff9900')],
    listTitle: 'AnsibleMyEC2 open source',
    listAuthor: 'Ansible, AWS EC2',
    featured: true,
  }),
  project({
    slug: 'botfolk',
    title: 'Bot Folk',
    period: '2021 - 2023, ongoing',
    role: 'Creator',
    bulletsLeft: ['Synthetic-life simulation', 'Genes, nurture and culture'],
    bulletsRight: ['Two worlds: Botville and Ultraspace', 'Procedural SVG faces'],
    narrative: 'A Next.js prototype of a synthetic-life simulation where every individual is unique.',
    chips: [chip('Next.js', '#000000'), chip('TypeScript', '#3178c6')],
    listTitle: 'Next.js full stack',
    listAuthor: 'Next.js, TypeScript',
    featured: true,
  }),
  project({
    slug: 'atelier',
    title: 'Atelier',
    period: '2025',
    role: 'Author',
    bulletsLeft: ['This site'],
    bulletsRight: ['Self-hostable'],
    narrative: 'The portfolio and showcase platform behind this site.',
    chips: [chip('NestJS', '#e0234e')],
    listTitle: 'Atelier platform',
    listAuthor: 'NestJS, React, PostgreSQL',
    featured: false,
  }),
  project({
    slug: 'nucleus',
    title: 'Nucleus',
    period: '2024',
    role: 'Author',
    bulletsLeft: ['Social network stack'],
    bulletsRight: ['Node and Express'],
    narrative: 'A Node-based full stack for a small social network.',
    chips: [chip('Node.js', '#339933')],
    listTitle: 'Nucleus social stack',
    listAuthor: 'Node.js, Express, MongoDB',
    featured: false,
  }),
];

export const gpuAds: GpuAd[] = [
  {
    slug: 'nvidia-rtx-5090',
    image: '/assets/ads/nvidia-rtx-5090.png',
    imageAlt: 'NVIDIA GeForce RTX 5090 graphics card',
    title: 'NVIDIA GeForce RTX 5090 32 GB',
    domain: 'nvidia.com',
    tagline: '32 GB of GDDR7 for local AI.',
    url: 'https://www.nvidia.com/en-us/geforce/graphics-cards/50-series/rtx-5090/',
    description: 'The flagship Blackwell desktop GPU: fine-tune, generate and serve models on your own desk.',
    pageTitle: 'NVIDIA GeForce RTX 5090 32 GB',
    pageDescription: 'The NVIDIA GeForce RTX 5090 with 32 GB of memory, a GPU for generative AI work.',
  },
  {
    slug: 'nvidia-h100',
    image: '/assets/ads/nvidia-h100.png',
    imageAlt: 'NVIDIA H100 Tensor Core GPU',
    title: 'NVIDIA H100 80 GB',
    domain: 'nvidia.com',
    tagline: 'The data-centre GPU behind today’s large models.',
    url: 'https://www.nvidia.com/en-us/data-center/h100/',
    description: 'Hopper architecture with 80 GB of HBM3 for training and serving AI at scale.',
    pageTitle: 'NVIDIA H100 80 GB',
    pageDescription: 'The NVIDIA H100 Tensor Core GPU with 80 GB of memory, for training and serving AI models.',
  },
];

export const siteContent: SiteContent = {
  profile: {
    ownerName: 'Alex Rivera',
    headline: 'Lead Developer: Machine Learning, Generative AI, Python & Full-Stack',
    photo: '/assets/img/profile.png',
    photoAlt: 'Alex Rivera',
    summary: 'I lead small teams that ship machine-learning products end to end.',
    skills: [
      { name: 'Full-stack web', years: 20 },
      { name: 'Python', years: 12 },
      { name: 'Machine learning', years: 7 },
    ],
    patents: [
      { title: 'Solar design from aerial imagery', number: 'US 10,592,359 B2', url: 'https://patents.google.com/patent/US10592359B2', year: 2019 },
      { title: 'Automated panel layout', number: 'US 10,776,531 B2', url: 'https://patents.google.com/patent/US10776531B2', year: 2020 },
    ],
    availability: [
      'Back on the market for a contract or direct role.',
      '100% remote from Northern California, any schedule or timezone: W2, contract, agency or direct hire.',
    ],
    moreToCome: 'Many more projects and experiences are coming in 2025: about 20-30 projects are planned.',
    links: [{ label: 'GitHub', url: 'https://github.com/example' }],
  },
  career: [
    { id: 'c1', company: 'A large computer maker', role: 'Email automation engineer', period: '2006 - 2009', summary: 'Email and marketing automation.' },
    { id: 'c2', company: 'A large computer maker', role: 'Machine-learning engineer', period: '2009 - 2012', summary: 'Recommendation models.' },
    { id: 'c3', company: 'A web portal company', role: 'Web-performance engineer', period: '2012 - 2015', summary: 'A performance beacon on every page.' },
    { id: 'c4', company: 'A solar company', role: 'Lead developer', period: '2018 - 2021', summary: '2 patents, in 2019 and 2020.' },
    { id: 'c5', company: 'Independent', role: 'Consultant', period: '2021 - 2024', summary: 'AI and cloud automation contracts.' },
  ],
  projects: projectCards,
  ads: gpuAds,
  notices: [{ id: 'construction', text: 'Work on this feature will be complete in', dateLabel: 'May, 2025' }],
};

const people: [string, string, string][] = [
  ['Nova', 'Quill', 'Lisbon, Portugal'],
  ['Idris', 'Vale', 'Nairobi, Kenya'],
  ['Mira', 'Castellane', 'Lyon, France'],
  ['Teo', 'Brandt', 'Hamburg, Germany'],
  ['Suki', 'Arden', 'Osaka, Japan'],
  ['Rafa', 'Loomis', 'Austin, Texas'],
  ['Ines', 'Marlow', 'Porto, Portugal'],
  ['Bao', 'Tran', 'Da Nang, Vietnam'],
  ['Lena', 'Okafor', 'Lagos, Nigeria'],
  ['Oskar', 'Hale', 'Oslo, Norway'],
  ['Priya', 'Desai', 'Pune, India'],
];

export const trendingUsers: TrendingUser[] = people.map(([firstName, lastName, location], index) => ({
  _id: `t${index + 1}`,
  firstName,
  lastName,
  picturePath: `${firstName.toLowerCase()}.png`,
  location,
}));

const MODELS = ['Midjourney 3', 'DALL-E 2', 'FLUX1 Dev fp8', 'Stable Diffusion 3.5'];

export const galleryItems: GalleryItem[] = Array.from({ length: 12 }, (_, index) => ({
  id: `g${index + 1}`,
  img: `/assets/gallery/art-${index + 1}.png`,
  thumb: `/assets/gallery/art-${index + 1}.png`,
  title: MODELS[index % MODELS.length],
  author: 'procedural',
  width: 768,
  height: 768,
}));

const page = (slug: string, title: string, subtitle: string, blocks: ProjectPage['blocks']): ProjectPage => ({
  slug,
  title,
  subtitle,
  blocks,
});

export const MIT_TEXT = `MIT License

Copyright (c) 2023 Alex Rivera

Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated documentation files (the "Software"), to deal in the Software without restriction.`;

export const projectPages: Record<string, ProjectPage> = {
  bedrock: page('bedrock', 'Bedrock Stack', 'An open-source Python full stack on FastAPI', [
    { kind: 'text', heading: 'Why Python', paragraphs: ['Python dominates machine learning.', 'FastAPI makes it fast on the web too.'] },
    { kind: 'chips', heading: 'Technologies', chips: [chip('FastAPI', '#009688'), chip('PostgreSQL', '#336791'), chip('React', '#61dafb')] },
  ]),
  atelier: page('atelier', 'Atelier', 'The platform behind this site', [
    { kind: 'chips', chips: [chip('NestJS', '#e0234e'), chip('React', '#61dafb')] },
    {
      kind: 'profile-card',
      name: 'Alex Rivera',
      subtitle: 'Lead developer',
      picture: '/assets/users/alex.png',
      friends: 37,
      counters: [
        { label: "Who's viewed your profile", value: 1234 },
        { label: 'Impressions of your post', value: 5678 },
      ],
      rows: [{ label: 'Location', value: 'Northern California' }],
    },
    { kind: 'links', links: [{ label: 'This site', url: '/' }, { label: 'Source code', url: 'https://github.com/example/atelier', note: 'MIT' }] },
  ]),
  solar: page('solar', 'Machine Learning Solar Design', 'Patented, 2018 - 2021', [
    { kind: 'text', paragraphs: ['The company was acquired in 2021.'] },
    {
      kind: 'videos',
      heading: 'Demos',
      videos: [
        { src: '/assets/projects/vid/solar-design.mp4', poster: '/assets/projects/solar-poster.png', caption: 'Designing a roof' },
        { src: '/assets/projects/vid/solar-layout.mp4', caption: 'Panel layout' },
      ],
    },
    {
      kind: 'links',
      heading: 'Patents',
      links: [
        { label: 'US 10,592,359 B2', url: 'https://patents.google.com/patent/US10592359B2' },
        { label: 'US 10,776,531 B2', url: 'https://patents.google.com/patent/US10776531B2' },
        { label: 'US 11,003,010 B2', url: 'https://patents.google.com/patent/US11003010B2' },
      ],
    },
  ]),
  ansible: page('ansible', 'AnsibleMyEC2', 'Open-source EC2 automation', [
    { kind: 'licence', name: 'MIT License', text: MIT_TEXT },
    { kind: 'links', links: [{ label: 'Repository', url: 'https://github.com/example/ansible-my-ec2' }] },
  ]),
};
