import { RESOURCE_FORMATS, RESOURCE_ICONS } from '@atelier/contracts';
import { createBodies, siteProfileBody } from '../../modules/content/content.schemas';
import { parseInput } from '../../common/validation/zod-validation.pipe';
import {
  CAREER,
  EXHIBIT_COUNT,
  GALLERY_FACE_SEEDS,
  GALLERY_PROMPTS,
  GPU_ADS,
  NOTICE,
  PROJECTS,
  RESOURCES,
  SITE_PROFILE,
  TRENDING_PEOPLE,
} from './showcase.content';

// The seed writes these rows as they are; the admin API must accept every one of them back unchanged,
// or the owner could not save a page they only meant to touch up.
describe('showcase seed content', () => {
  it('passes the admin API schemas unchanged', () => {
    expect(parseInput(siteProfileBody, SITE_PROFILE)).toEqual(SITE_PROFILE);
    for (const item of CAREER) expect(parseInput(createBodies.career, item)).toEqual(item);
    for (const { card, page } of PROJECTS) expect(parseInput(createBodies.projects, { ...card, page })).toEqual({ ...card, page });
    for (const ad of GPU_ADS) expect(parseInput(createBodies.ads, ad)).toEqual(ad);
    // What a notice leaves out (its own heading, a last day) is null: the demo's shows until removed, under the default heading.
    expect(parseInput(createBodies.notices, NOTICE)).toEqual({ ...NOTICE, title: null, hideAfter: null });
    for (const link of RESOURCES) expect(parseInput(createBodies.resources, link)).toEqual(link);
    for (const { gender: _gender, ...person } of TRENDING_PEOPLE) {
      const user = { ...person, picturePath: '/assets/users/x.png' };
      expect(parseInput(createBodies.trending, user)).toEqual(user);
    }
  });

  it('has the required counts', () => {
    expect(CAREER).toHaveLength(5);
    expect(PROJECTS.map(({ card }) => card.slug)).toEqual(['solar', 'bedrock', 'ansible', 'botfolk', 'atelier', 'nucleus']);
    expect(PROJECTS.filter(({ card }) => card.featured).map(({ card }) => card.listTitle)).toEqual([
      'Machine Learning Solar Design',
      'Python FastAPI Stack',
      'AnsibleMyEC2 open source',
      'Next.js full stack',
    ]);
    expect(TRENDING_PEOPLE).toHaveLength(11);
    expect(new Set(TRENDING_PEOPLE.map((person) => `${person.firstName} ${person.lastName}`)).size).toBe(11);
    expect(GALLERY_PROMPTS.length + GALLERY_FACE_SEEDS.length).toBe(60);
    expect(new Set(GALLERY_PROMPTS).size).toBe(GALLERY_PROMPTS.length);
    expect(EXHIBIT_COUNT).toBe(48);
    expect(NOTICE.dateLabel).toBe('May, 2025');
  });

  it('lists 21 distinct resources using every format and every icon', () => {
    expect(RESOURCES).toHaveLength(21);
    expect(new Set(RESOURCES.map((link) => link.url)).size).toBe(21);
    expect(new Set(RESOURCES.map((link) => link.fmat))).toEqual(new Set(Object.keys(RESOURCE_FORMATS)));
    expect(new Set(RESOURCES.map((link) => link.icon))).toEqual(new Set(RESOURCE_ICONS));
  });

  it('names no company of the career list and keeps owner-specific addresses on example.com', () => {
    for (const item of CAREER) expect(item.company).toMatch(/^(A |Independent)/);
    const links = PROJECTS.flatMap(({ page }) => page.blocks.flatMap((block) => (block.kind === 'links' ? block.links : [])));
    for (const link of links.filter((l) => /repository/i.test(l.label))) expect(new URL(link.url).hostname).toBe('example.com');
  });
});
