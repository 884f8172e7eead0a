import { describe, expect, it } from 'vitest';
import { allPages, planPage, readRepositoryFacts } from '../src/examples/page-plan.js';
import { repositoryRoot } from './support.js';

// Without starting anything: every page's blocks are runnable as written or name a CI step that
// exists, so a block that would be refused by `npm run test:examples` already fails `npm test`.

describe('the pages whose examples npm run test:examples runs', () => {
  it('when every README and docs page is read, then no block is refused and every named script exists', async () => {
    const facts = await readRepositoryFacts(repositoryRoot);
    const pages = await allPages(repositoryRoot);
    const plans = await Promise.all(pages.map((page) => planPage(page, facts)));

    expect(pages).toEqual(
      expect.arrayContaining(['README.md', 'services/books/README.md', 'docs/testing.md']),
    );
    expect(plans.flatMap((plan) => plan.problems)).toEqual([]);
    expect(
      plans.find((plan) => plan.page === 'services/orders/README.md')?.steps.length,
    ).toBeGreaterThan(5);
  });
});
