import type { FieldDoc } from './content-fields';

// The site's content as the CLI names it: each collection of the admin API (/api/admin/content/<name>)
// is a noun with the same verbs (list, show, add, update, remove, reorder, import, export), and
// each says which fields it takes.

export type NounName = 'career' | 'projects' | 'ads' | 'notices' | 'gallery' | 'exhibit' | 'resources' | 'trending';

/** A file from the owner's disk that fills a field (`--image ./cover.png`): uploaded first, then named. */
export interface FileOption {
  flag: 'image' | 'video';
  /** The field the file's site path goes to. */
  field: string;
  /** Fields the picture's size goes to, where the item keeps it. */
  size?: { width: string; height: string };
  /** A second field that takes the same path (a gallery item's thumbnail). */
  alsoField?: string;
  about: string;
}

export interface Noun {
  name: NounName;
  /** One item, for messages. */
  noun: string;
  /** The field that names an item in the API's routes. */
  key: 'id' | 'slug';
  /** The list's columns after the key: [header, field]. */
  columns: Array<[string, string]>;
  fields: FieldDoc[];
  /** Fields the API answers but does not take (dotted; `a.[].b` in each entry of a list). */
  answerOnly: string[];
  files: FileOption[];
  /** An add for --help's examples. */
  example: string;
}

const picture = (field: string, about: string, extra: Partial<FileOption> = {}): FileOption => ({ flag: 'image', field, about, ...extra });

export const CONTENT_NOUNS: Noun[] = [
  {
    name: 'career',
    noun: 'career highlight',
    key: 'id',
    columns: [['COMPANY', 'company'], ['ROLE', 'role'], ['PERIOD', 'period']],
    fields: [
      { name: 'company', required: true, about: 'where you worked' },
      { name: 'role', required: true, about: 'your title there' },
      { name: 'period', required: true, about: 'when, e.g. "2021 - 2024"' },
      { name: 'summary', required: true, about: 'what you did, a sentence or two' },
    ],
    answerOnly: ['id'],
    files: [],
    example: 'atelier career add --set company="Analytical Engines Ltd" --set role="Lead Engineer" --set period="2021 - 2024" --set summary="Built the mill."',
  },
  {
    name: 'projects',
    noun: 'project',
    key: 'slug',
    columns: [['TITLE', 'title'], ['PERIOD', 'period'], ['FEATURED', 'featured']],
    fields: [
      { name: 'slug', required: true, about: 'names its page, /project/<slug>: lower-case letters, digits and single dashes' },
      { name: 'title', required: true, about: "the project's name" },
      { name: 'period', required: true, about: 'when, e.g. "2024 - present"' },
      { name: 'role', required: true, about: 'what you did on it, e.g. "Lead developer"' },
      { name: 'image', required: true, about: 'the cover picture: give --image FILE (or a site path /assets/...)' },
      { name: 'narrative', required: true, about: 'a few sentences for its card (and its page, until you give it blocks)' },
      { name: 'imageAlt', about: 'what the cover shows (default: the title)' },
      { name: 'chips', about: 'technologies: [{"name":"Python","color":"#3776ab"}] (default: none)' },
      { name: 'bulletsLeft', about: 'the card\'s first bullet list: ["...","..."] (default: none)' },
      { name: 'bulletsRight', about: "the card's second bullet list (default: none)" },
      { name: 'listTitle', about: 'its line in the Projects list (default: the title)' },
      { name: 'listAuthor', about: 'the tech line under it (default: the chips, or the role)' },
      { name: 'featured', about: 'true: a card on the home page (default); false: the list only' },
      { name: 'page', about: 'its page: {"title","subtitle","blocks":[...]}; --body FILE.md and --gallery FILE fill its blocks' },
    ],
    answerOnly: ['page.slug', 'page.blocks.[].html'],
    files: [picture('image', "the cover picture from your disk (JPEG, PNG, WebP...): it is uploaded and the project shows it")],
    example: 'atelier projects add --set slug=engine --set title="Analytical Engine" --set period="2024 - present" --set role="Designer" --set narrative="A general-purpose computer." --image ./engine.png --body ./engine.md',
  },
  {
    name: 'ads',
    noun: 'GPU ad',
    key: 'slug',
    columns: [['TITLE', 'title'], ['DOMAIN', 'domain']],
    fields: [
      { name: 'slug', required: true, about: 'names its feature page, /feature/<slug>' },
      { name: 'title', required: true, about: "the card's title" },
      { name: 'image', required: true, about: 'its picture: give --image FILE (or a site path /assets/...)' },
      { name: 'imageAlt', required: true, about: 'what the picture shows' },
      { name: 'domain', required: true, about: 'the maker\'s site, e.g. nvidia.com' },
      { name: 'tagline', required: true, about: 'one line under the title' },
      { name: 'url', required: true, about: "the maker's page the banner opens (https://...)" },
      { name: 'description', required: true, about: 'the feature page\'s text' },
      { name: 'pageTitle', about: "the feature page's title (default: the card's title); null clears it" },
      { name: 'pageDescription', about: 'its meta description (default: the tagline); null clears it' },
    ],
    answerOnly: [],
    files: [picture('image', "the ad's picture from your disk")],
    example: 'atelier ads add --set slug=rtx-pro-6000 --set title="RTX PRO 6000" --set imageAlt="The card" --set domain=nvidia.com --set tagline="96 GB" --set url=https://www.nvidia.com --set description="..." --image ./card.png',
  },
  {
    name: 'notices',
    noun: 'notice',
    key: 'id',
    columns: [['TEXT', 'text'], ['DATE', 'dateLabel'], ['HIDE AFTER', 'hideAfter']],
    fields: [
      { name: 'text', required: true, about: 'what it says' },
      { name: 'dateLabel', required: true, about: 'the date it names, e.g. "May, 2025"' },
      { name: 'title', about: 'its heading (default: "Under construction"); null clears it' },
      { name: 'hideAfter', about: 'the last day it shows, YYYY-MM-DD (UTC); null: until removed' },
    ],
    answerOnly: ['id'],
    files: [],
    example: 'atelier notices add --set text="New demos are coming in" --set dateLabel="January, 2027" --set hideAfter=2027-01-31',
  },
  {
    name: 'gallery',
    noun: 'gallery item',
    key: 'id',
    columns: [['TITLE', 'title'], ['AUTHOR', 'author'], ['IMAGE', 'img']],
    fields: [
      { name: 'title', required: true, about: 'the model that made it, e.g. "FLUX.1 dev"' },
      { name: 'author', required: true, about: 'who made it, shown as "by: <author>"' },
      { name: 'img', required: true, about: 'the picture: give --image FILE (or a site path)' },
      { name: 'thumb', required: true, about: 'its thumbnail (--image sets it to the picture)' },
      { name: 'width', required: true, about: "the picture's width in pixels (--image sets it)" },
      { name: 'height', required: true, about: "the picture's height in pixels (--image sets it)" },
      { name: 'video', about: 'a video (WebM or MP4) the picture is the poster of: --video FILE' },
      { name: 'contentHash', about: "the picture's SHA-256, which gallery import uses to skip known ones" },
    ],
    answerOnly: ['id'],
    files: [
      picture('img', 'the picture from your disk (its size and thumbnail follow)', { alsoField: 'thumb', size: { width: 'width', height: 'height' } }),
      { flag: 'video', field: 'video', about: 'a WebM or MP4 from your disk, with --image as its poster' },
    ],
    example: 'atelier gallery add --set title="FLUX.1 dev" --set author=@ada --image ./render.png',
  },
  {
    name: 'exhibit',
    noun: 'exhibit item',
    key: 'id',
    columns: [['MODEL', 'model'], ['PICTURE', 'picturePath']],
    fields: [
      { name: 'model', required: true, about: 'the model that made it' },
      { name: 'picturePath', required: true, about: 'the picture: give --image FILE (or a site path)' },
      { name: 'width', required: true, about: "its width in pixels (--image sets it)" },
      { name: 'height', required: true, about: "its height in pixels (--image sets it)" },
    ],
    answerOnly: ['id'],
    files: [picture('picturePath', 'the picture from your disk (its size follows)', { size: { width: 'width', height: 'height' } })],
    example: 'atelier exhibit add --set model="SDXL 1.0" --image ./render.png',
  },
  {
    name: 'resources',
    noun: 'resource link',
    key: 'id',
    columns: [['TITLE', 'title'], ['FORMAT', 'format'], ['URL', 'url']],
    fields: [
      { name: 'title', required: true, about: 'what it is' },
      { name: 'url', required: true, about: 'where it is (https://...)' },
      { name: 'note', required: true, about: 'why it is worth the time' },
      { name: 'channel', required: true, about: 'who made it' },
      { name: 'site', required: true, about: 'where it is published, e.g. YouTube' },
      { name: 'icon', required: true, about: 'webpage, yt, gh or docs' },
      { name: 'fmat', required: true, about: 'tt (text tutorial), vid, vpl (playlist), vch (channel), web, repo, vcp (course), mega' },
      { name: 'idu', about: 'the same as url unless given' },
    ],
    // The format label follows its code (fmat); the API takes only the code.
    answerOnly: ['id', 'format'],
    files: [],
    example: 'atelier resources add --set title="Attention Is All You Need" --set url=https://arxiv.org/abs/1706.03762 --set note="The paper." --set channel=Google --set site=arXiv --set icon=docs --set fmat=web',
  },
  {
    name: 'trending',
    noun: 'trending user',
    key: 'id',
    columns: [['FIRST NAME', 'firstName'], ['LAST NAME', 'lastName'], ['LOCATION', 'location']],
    fields: [
      { name: 'firstName', required: true, about: 'first name' },
      { name: 'lastName', required: true, about: 'last name' },
      { name: 'location', required: true, about: 'shown under the name' },
      { name: 'picturePath', required: true, about: 'their picture: give --image FILE (or a site path)' },
    ],
    answerOnly: ['id', '_id'],
    files: [picture('picturePath', 'their picture from your disk')],
    example: 'atelier trending add --set firstName=Ada --set lastName=Lovelace --set location=London --image ./ada.png',
  },
];
