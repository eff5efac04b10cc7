import { describe, expect, it } from 'vitest';
import { communityPostPath } from '../../src/domain/community';
import { paths } from '../../src/web/paths';

// The web's own link to a forum post (kept out of the Zod-using domain module for the pages'
// chunks) must lead where the server's notices and e-mails lead.
describe('the link to a forum post', () => {
  it('is the address the community page opens the post from, as the server writes it', () => {
    expect(paths.community.getHref(42)).toBe(communityPostPath(42));
    expect(paths.community.getHref()).toBe('/community');
  });
});
