import { beforeAll, describe, expect, it } from 'vitest';
import { activateEnglish, renderMarkup } from '../test-support/renderMarkup';
import { ProfileHeader } from './ProfileHeader';
import { SupervisorContact } from './SupervisorContact';

beforeAll(activateEnglish);

describe('ProfileHeader', () => {
  it('shows initials, name and email when there is no picture', () => {
    const html = renderMarkup(<ProfileHeader name="Aistė Kazlauskienė" email="lt@demo.shelfwork.app" photo={null} online />);
    expect(html).toContain('>AK<');
    expect(html).not.toContain('<img');
    expect(html).toContain('Aistė Kazlauskienė');
    expect(html).toContain('lt@demo.shelfwork.app');
    expect(html).toContain('Take a photo');
    expect(html).toContain('Choose from gallery');
  });

  it('shows a picture waiting to be sent from this phone, and says it is waiting', () => {
    const waiting = renderMarkup(<ProfileHeader name="Aistė" email="a@b.lt" photo={{ src: 'blob:local-1', uploadState: 'local' }} online={false} />);
    expect(waiting).toContain('src="blob:local-1"');
    expect(waiting).toContain('width="128"');
    expect(waiting).toContain('it is sent when you are online');
    const sent = renderMarkup(<ProfileHeader name="Aistė" email="a@b.lt" photo={{ src: '/photos/p.jpg', uploadState: 'uploaded' }} online />);
    expect(sent).toContain('src="/photos/p.jpg"');
    expect(sent).not.toContain('profile-header__waiting');
  });

  it('asks the camera and the gallery for a picture', () => {
    const html = renderMarkup(<ProfileHeader name={null} email="a@b.lt" photo={undefined} online />);
    expect(html).toMatch(/<input[^>]*capture="user"/);
    expect(html.match(/type="file"/g)).toHaveLength(2);
  });
});

describe('SupervisorContact', () => {
  it('offers tap-to-call and tap-to-mail, and nothing when unknown', () => {
    const html = renderMarkup(<SupervisorContact supervisor={{ name: 'Rūta', phone: '+370 612 00000', email: 'lt@shelfwork.app' }} />);
    expect(html).toContain('href="tel:+37061200000"');
    expect(html).toContain('href="mailto:lt@shelfwork.app"');
    expect(renderMarkup(<SupervisorContact supervisor={null} />)).toBe('');
  });
});
