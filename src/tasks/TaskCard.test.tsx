import { beforeAll, describe, expect, it } from 'vitest';
import { activateEnglish, renderMarkup } from '../test-support/renderMarkup';
import { makePlace, makeTask } from './fixtures';
import { LinkifiedText } from './LinkifiedText';
import { TaskCard } from './TaskCard';

beforeAll(activateEnglish);

const render = renderMarkup;

describe('TaskCard', () => {
  const task = makeTask({ id: 'task 7/x', title: 'Coffee shelf photo', place: makePlace({ title: 'Iki Šančiai', city: 'Kaunas' }) });

  it('is one link to the task detail', () => {
    const html = render(<TaskCard item={{ task, distance: 1234, isNew: false }} locked={false} />);
    expect(html.startsWith('<a ')).toBe(true);
    expect(html).toContain('href="/task/task%207%2Fx"');
  });

  it('shows title, place, reward, duration and distance', () => {
    const html = render(<TaskCard item={{ task, distance: 1234, isNew: false }} locked={false} />);
    for (const text of ['Coffee shelf photo', 'Iki Šančiai', 'Kaunas', '€12.50', '60 minutes', '1.2 km']) expect(html).toContain(text);
  });

  it('marks new task types and locked tasks in words, not colour only', () => {
    const plain = render(<TaskCard item={{ task, distance: null, isNew: false }} locked={false} />);
    const marked = render(<TaskCard item={{ task, distance: null, isNew: true }} locked />);
    expect(plain).not.toContain('Locked');
    expect(plain).not.toContain('>New<');
    expect(marked).toContain('Locked');
    expect(marked).toContain('>New<');
    expect(marked).not.toContain('km');
  });
});

describe('LinkifiedText', () => {
  it('renders hostile comments as text and only http(s) words as links', () => {
    const html = render(<LinkifiedText text={'<img src=x onerror=alert(1)> javascript:alert(1) https://ok.lt/a?b=1&c=2.'} />);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html.match(/<a /g)).toHaveLength(1);
    expect(html).toContain('href="https://ok.lt/a?b=1&amp;c=2"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });
});
