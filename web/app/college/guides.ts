// TravelClub College: short guides for creators, written as Markdown files beside this module and bundled as
// text (Vite's `?raw`). A file `NN-some-guide.md` is the guide `some-guide`, listed in the order of its number;
// its first `# ` line is its title and the paragraph after it its summary. Read by the college routes' loaders
// only, so the text stays out of the browser's bundles.
export interface CollegeGuide {
  slug: string;
  title: string;
  summary: string;
  markdown: string;
}

const files = import.meta.glob<string>('./*.md', { query: '?raw', import: 'default', eager: true });

/** The guide a file holds; the title and summary come from its text. */
export function guideOf(path: string, markdown: string): CollegeGuide {
  const name = path.replace(/^.*\//, '').replace(/\.md$/, '');
  const slug = name.replace(/^\d+-/, '');
  const lines = markdown.split('\n');
  const titleAt = lines.findIndex((line) => line.startsWith('# '));
  const title = titleAt >= 0 ? lines[titleAt]!.slice(2).trim() : slug;
  const rest = lines.slice(titleAt + 1);
  const start = rest.findIndex((line) => line.trim() !== '');
  const end = rest.findIndex((line, i) => i > start && line.trim() === '');
  const summary =
    start >= 0
      ? rest
          .slice(start, end < 0 ? undefined : end)
          .join(' ')
          .trim()
      : '';
  return { slug, title, summary, markdown };
}

export const collegeGuides: readonly CollegeGuide[] = Object.keys(files)
  .sort()
  .map((path) => guideOf(path, files[path]!));

export const findGuide = (slug: string | undefined) => collegeGuides.find((guide) => guide.slug === slug);
