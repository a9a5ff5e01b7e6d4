// Site content (DESIGN.md sections 4 and 8): what the public pages show, stored in the database so the
// owner changes it without a deploy. Read at /api/content/*, written at /api/admin/content/*.
// Picture fields hold site paths such as `/assets/gallery/<file>` (served from DATA_DIR/media).

/** Years of experience in one skill area, on the profile card. */
export interface SkillArea {
  name: string;
  years: number;
}

export interface Patent {
  title: string;
  /** e.g. `US 10,592,359 B2`; absent until the owner gives it. */
  number?: string;
  /** Where to read it (the patent office's or Google Patents' page); absent until the owner gives it. */
  url?: string;
  year: number;
}

/** The home page's profile card; one per site. */
export interface SiteProfile {
  ownerName: string;
  /** e.g. 'Lead Developer: Machine Learning, Generative AI, Python & Full-Stack' */
  headline: string;
  /** Profile photo path (shown at 800px and up). */
  photo: string;
  photoAlt: string;
  summary: string;
  skills: SkillArea[];
  patents: Patent[];
  /** 'Back on the market …', '100% remote from Northern California …' */
  availability: string[];
  /** The note about many more projects and experiences coming, about 20-30 projects. */
  moreToCome: string;
  links: ContentLink[];
}

export interface ContentLink {
  label: string;
  url: string;
}

export interface CareerHighlight {
  id: string;
  company: string;
  role: string;
  period: string;
  summary: string;
}

export interface TechChip {
  name: string;
  /** CSS colour, e.g. `#3776ab`. */
  color: string;
}

/** A project as its home-page card and Projects-list entry show it. */
export interface ProjectCard {
  /** Route is `/project/<slug>`. */
  slug: string;
  title: string;
  period: string;
  role: string;
  /** Card thumbnail path. */
  image: string;
  imageAlt: string;
  bulletsLeft: string[];
  bulletsRight: string[];
  narrative: string;
  chips: TechChip[];
  /** The Projects list (right column): its title and tech summary line ('author' in the spec). */
  listTitle: string;
  listAuthor: string;
  /** Whether the home page shows it as a card (the list shows every project). */
  featured: boolean;
}

/** One block of a project page, in order. */
export type ProjectBlock =
  | { kind: 'text'; heading?: string; paragraphs: string[] }
  | { kind: 'chips'; heading?: string; chips: TechChip[] }
  | { kind: 'videos'; heading?: string; videos: { src: string; poster?: string; caption: string }[] }
  | { kind: 'links'; heading?: string; links: (ContentLink & { note?: string })[] }
  | {
      kind: 'profile-card';
      /** Shown as under construction. */
      name: string;
      subtitle: string;
      picture: string;
      friends: number;
      counters: { label: string; value: number }[];
      rows: { label: string; value: string }[];
    }
  | { kind: 'licence'; name: string; text: string };

export interface ProjectPage {
  slug: string;
  title: string;
  /** The line under the title in the header block (which links home). */
  subtitle: string;
  blocks: ProjectBlock[];
}

/** A sponsored GPU card on the home page, and the banner of its feature page. */
export interface GpuAd {
  /** Feature page route is `/feature/<slug>`. */
  slug: string;
  image: string;
  imageAlt: string;
  title: string;
  /** e.g. 'nvidia.com' */
  domain: string;
  tagline: string;
  /** The manufacturer's page the banner opens in a new tab. */
  url: string;
  /** Longer text of the feature page. */
  description: string;
}

export interface Notice {
  id: string;
  text: string;
  /** e.g. 'May, 2025' */
  dateLabel: string;
}

/** GET /api/content/site: everything the home page needs but the lists. */
export interface SiteContent {
  profile: SiteProfile;
  career: CareerHighlight[];
  projects: ProjectCard[];
  ads: GpuAd[];
  notices: Notice[];
}

export interface GalleryItem {
  id: string;
  /** Full picture path. */
  img: string;
  /** Thumbnail path (requested at width 248 with crop fit, auto format, 2x). */
  thumb: string;
  /** The model that made it. */
  title: string;
  /** Handle, shown as 'by: author'. */
  author: string;
  width: number;
  height: number;
  /** A video item's file (WebM or MP4), which the viewer plays; `img` and `thumb` are its poster. Absent for a picture. */
  video?: string;
}

export interface ExhibitItem {
  id: string;
  model: string;
  picturePath: string;
  width: number;
  height: number;
}

export const RESOURCE_ICONS = ['webpage', 'yt', 'gh', 'docs'] as const;
export type ResourceIcon = (typeof RESOURCE_ICONS)[number];

/** Format codes and their labels (spec: Resource link). */
export const RESOURCE_FORMATS = {
  tt: 'text tutorial',
  vid: 'video',
  vpl: 'video playlist',
  vch: 'video channel',
  web: 'web page',
  repo: 'code repo',
  vcp: 'video course playlist',
  mega: 'mega video',
} as const;
export type ResourceFormatCode = keyof typeof RESOURCE_FORMATS;

export interface ResourceLink {
  id: string;
  title: string;
  channel: string;
  site: string;
  url: string;
  /** Same as url (spec). */
  idu: string;
  note: string;
  icon: ResourceIcon;
  fmat: ResourceFormatCode;
  format: (typeof RESOURCE_FORMATS)[ResourceFormatCode];
}

export interface TrendingUser {
  _id: string;
  firstName: string;
  lastName: string;
  picturePath: string;
  location: string;
}

/** Image transform sizes `/assets/...?w=` accepts (DESIGN.md section 8); anything else is refused. */
export const IMAGE_WIDTHS = [124, 180, 248, 340, 360, 496, 680, 768, 1024, 1536] as const;
export const IMAGE_DPRS = [1, 2] as const;
