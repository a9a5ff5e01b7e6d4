import {
  RESOURCE_FORMATS,
  type ExhibitItem,
  type GalleryItem,
  type ResourceFormatCode,
  type ResourceIcon,
  type ResourceLink,
} from '@atelier/contracts';

// What the content API answers for the gallery, exhibit and resources pages, as the specs expect it.

const MODELS = ['Atelier Procedural 1', 'Bot Folk Faces', 'Atelier SVG Art'];
const AUTHORS = ['atelier', 'botfolk', 'svgsmith', 'pixelwright'];

/** The nth gallery item (from 1): its own id, files and model, and a size that is not square. */
export function galleryItem(n: number, overrides: Partial<GalleryItem> = {}): GalleryItem {
  return {
    id: `g${n}`,
    img: `/assets/gallery/art-${n}.png`,
    thumb: `/assets/gallery/thumb/art-${n}.png`,
    title: MODELS[(n - 1) % MODELS.length],
    author: AUTHORS[(n - 1) % AUTHORS.length],
    width: 1024,
    height: 768,
    ...overrides,
  };
}

/** About 60, as docs/requirements/public-pages.md#gallery counts them. */
export const galleryItems: GalleryItem[] = Array.from({ length: 60 }, (_, index) => galleryItem(index + 1));

export function exhibitItem(n: number): ExhibitItem {
  return {
    id: `e${n}`,
    model: MODELS[(n - 1) % MODELS.length],
    picturePath: `/assets/gallery/exhibit-${n}.png`,
    width: 768,
    height: n % 2 ? 768 : 1024,
  };
}

/** About 48, as docs/requirements/public-pages.md#exhibit counts them. */
export const exhibitItems: ExhibitItem[] = Array.from({ length: 48 }, (_, index) => exhibitItem(index + 1));

const FORMAT_CODES = Object.keys(RESOURCE_FORMATS) as ResourceFormatCode[];
const ICONS: ResourceIcon[] = ['webpage', 'yt', 'gh', 'docs'];

export function resourceLink(n: number, overrides: Partial<ResourceLink> = {}): ResourceLink {
  const fmat = FORMAT_CODES[(n - 1) % FORMAT_CODES.length];
  const url = `https://learn.example.org/resource-${n}`;
  return {
    id: `r${n}`,
    title: `Resource ${n}`,
    channel: `Channel ${n}`,
    site: 'learn.example.org',
    url,
    idu: url,
    note: `Why resource ${n} is worth your time.`,
    icon: ICONS[(n - 1) % ICONS.length],
    fmat,
    format: RESOURCE_FORMATS[fmat],
    ...overrides,
  };
}

/** The 21 links of docs/requirements/public-pages.md#developer-resources, every format and icon among them. */
export const resourceLinks: ResourceLink[] = Array.from({ length: 21 }, (_, index) => resourceLink(index + 1));
