import { accessRedirect } from '../../../machines/router/accessRule';
import { parseLocation } from '../../../machines/router/parseLocation';
import { CORE_VIEWS } from '../../../machines/router/views';

const redirect = (path: string, search = '', signedIn = false) =>
  accessRedirect(parseLocation(path, search, CORE_VIEWS), signedIn, CORE_VIEWS);

describe('accessRedirect', () => {
  it('lets a signed-in user go anywhere', () => {
    expect(redirect('/admin.state', '', true)).toBeNull();
    expect(redirect('/', '', true)).toBeNull();
  });

  it('sends a visitor to /sign-in with the encoded full path as next', () => {
    expect(redirect('/notifications/i-Notify-3', 'c0=x&lang=fr')).toBe(
      `/sign-in?next=${encodeURIComponent('/notifications/i-Notify-3?c0=x&lang=fr')}`,
    );
    expect(redirect('/node/1234')).toBe(`/sign-in?next=${encodeURIComponent('/node/1234')}`);
  });

  it('sends / , /home and /sign-out to plain /sign-in', () => {
    for (const path of ['', '/', '/home', '/sign-out', '/sign-out/']) expect(redirect(path)).toBe('/sign-in');
  });

  it('reads the path after its locale segment, and keeps the segment in next', () => {
    expect(redirect('/fr/i-Contact-1')).toBeNull();
    expect(redirect('/fr/terms')).toBeNull();
    expect(redirect('/fr')).toBe('/sign-in');
    expect(redirect('/fr/admin.state')).toBe(`/sign-in?next=${encodeURIComponent('/fr/admin.state')}`);
  });

  it('leaves /sign-in, /i- paths and public views alone', () => {
    for (const path of ['/sign-in', '/i-Contact-1', '/i-Contact-1/timeline', '/register', '/docs/intro', '/terms', '/whats-new']) {
      expect(redirect(path)).toBeNull();
    }
  });
});
