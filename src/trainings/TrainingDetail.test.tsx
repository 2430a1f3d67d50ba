import { beforeAll, describe, expect, it } from 'vitest';
import { activateEnglish, renderMarkup } from '../test-support/renderMarkup';
import { TrainingDetail } from './TrainingDetail';
import { TrainingList } from './TrainingList';
import { daysAgo, now, training } from './testFixtures';

beforeAll(activateEnglish);

describe('TrainingList', () => {
  it('shows each title with completed or not completed in words, linking to the detail', () => {
    const html = renderMarkup(
      <TrainingList trainings={[training({ id: 'a b', title: 'Done one', doneAt: daysAgo(3) }), training({ id: 'c', title: 'Open one' })]} now={now} />,
    );
    expect(html).toContain('href="/trainings/a%20b"');
    expect(html).toMatch(/Done one.*Completed.*Open one.*Not completed/s);
  });

  it('marks a training created within 45 days as new', () => {
    const fresh = renderMarkup(<TrainingList trainings={[training({ createdAt: daysAgo(12) })]} now={now} />);
    const old = renderMarkup(<TrainingList trainings={[training({ createdAt: daysAgo(45), isNew: true })]} now={now} />);
    expect(fresh).toContain('>New<');
    expect(old).not.toContain('>New<');
  });
});

describe('TrainingDetail', () => {
  it('opens the material in a new window without giving it the app', () => {
    const html = renderMarkup(<TrainingDetail training={training()} user={{ isApproved: false }} now={now} />);
    expect(html).toContain('href="https://learn.shelfwork.app/basics"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('Not completed');
  });

  it('explains why NDA-protected material does not open before approval', () => {
    const nda = training({ ndaProtected: true, linkToTraining: '' });
    const html = renderMarkup(<TrainingDetail training={nda} user={{ isApproved: false }} now={now} />);
    expect(html).not.toContain('target="_blank"');
    expect(html).toContain('You can open it once your profile is approved.');
    const approved = renderMarkup(
      <TrainingDetail training={{ ...nda, linkToTraining: 'https://learn.shelfwork.app/nda/planograms' }} user={{ isApproved: true }} now={now} />,
    );
    expect(approved).toContain('href="https://learn.shelfwork.app/nda/planograms"');
  });
});
