import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { repoRoot } from '../../kernel/paths';

/** README.md, every page under docs/ and every module's README: what readers are sent to. */
function pages(): string[] {
  const under = (dir: string): string[] =>
    fs.readdirSync(path.join(repoRoot, dir), { withFileTypes: true }).flatMap((entry) => {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) return under(relative);
      return entry.name.endsWith('.md') ? [relative] : [];
    });
  return ['README.md', ...under('docs'), ...under('modules').filter((file) => path.basename(file) === 'README.md')];
}

/** The text outside fenced code blocks and inline code, where a `[x](y)` is no link. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Inline links' targets, `[text](target "title")` and `![alt](target)` alike. */
function linkTargets(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
}

/** GitHub's anchors for a page's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

/** What is wrong with one link of `page`, or undefined. */
function linkProblem(page: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined; // https:, mailto: — not a file
  const [file, anchor] = target.split('#', 2);
  const resolved = file === '' ? path.join(repoRoot, page) : path.resolve(path.join(repoRoot, path.dirname(page)), decodeURIComponent(file));
  if (file.startsWith('/') || path.relative(repoRoot, resolved).startsWith('..')) return 'points outside the repository';
  if (!fs.existsSync(resolved)) return 'names a file that does not exist';
  if (anchor !== undefined && resolved.endsWith('.md') && !anchors(fs.readFileSync(resolved, 'utf8')).has(anchor)) return `has no heading #${anchor}`;
  return undefined;
}

describe('docs: relative links', () => {
  it('finds the pages and their links (the checker itself)', () => {
    expect(pages()).to.include.members(['README.md', path.join('docs', 'operating.md'), path.join('modules', 'auth', 'README.md')]);
    expect(linkTargets('[a](b.md) `[c](d.md)` ![e](f.png "t")\n```\n[g](h.md)\n```\n')).to.deep.equal(['b.md', 'f.png']);
    expect([...anchors('# Operating Atrium\n## `HOST` and `PORT`\n### A production start\n## Logs\n## Logs\n')]).to.deep.equal([
      'operating-atrium',
      'host-and-port',
      'a-production-start',
      'logs',
      'logs-1',
    ]);
    expect(linkProblem('README.md', '../elsewhere.md')).to.equal('points outside the repository');
    expect(linkProblem('README.md', 'docs/operating.md#no-such-heading')).to.equal('has no heading #no-such-heading');
  });

  it("resolves every relative link of README.md, docs/ and the modules' READMEs to a file (and heading) of the repository", () => {
    const broken = pages().flatMap((page) =>
      linkTargets(fs.readFileSync(path.join(repoRoot, page), 'utf8')).flatMap((target) => {
        const problem = linkProblem(page, target);
        return problem ? [`${page}: (${target}) ${problem}`] : [];
      }),
    );
    expect(broken).to.deep.equal([]);
  });
});
