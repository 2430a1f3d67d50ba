import { beforeAll, describe, expect, it } from 'vitest';
import { activateEnglish, renderMarkup } from '../test-support/renderMarkup';
import { configuredPhotoHosts, DEFAULT_PHOTO_HOSTS, photoRouteEnabled } from './photoHosts';
import { shopCookie } from '../tasks/shopCookie';
import { skuComparison } from './skuComparison';
import { defectsOption, MandatoryPhotoNote } from '../execution/MandatoryPhotoNote';
import { cameraPath } from '../execution/checklist';

beforeAll(activateEnglish);

describe('SKUs entered versus the matching products', () => {
  it('pairs each product with its latest entry, lists entries of no product, counts the entered', () => {
    const products = [
      { ean: '4770001', name: 'Coffee 500 g' },
      { ean: '4770002', name: 'Tea 20 bags' },
    ];
    const scans = [
      { ean: '4770001', facings: 2, timestamp: '2026-03-10T09:00:00Z' },
      { ean: '4770001', facings: 3, timestamp: '2026-03-10T09:05:00Z' },
      { ean: '9990000', facings: 1, timestamp: '2026-03-10T09:06:00Z' },
    ];
    expect(skuComparison(products, scans)).toEqual({
      matched: [
        { ean: '4770001', name: 'Coffee 500 g', facings: 3 },
        { ean: '4770002', name: 'Tea 20 bags', facings: null },
      ],
      unmatched: [{ ean: '9990000', facings: 1 }],
      entered: 1,
    });
    expect(skuComparison([], [])).toEqual({ matched: [], unmatched: [], entered: 0 });
  });
});

describe('the /{taskId} photos route hosts', () => {
  it('is enabled on local hosts and the configured photo hosts only', () => {
    expect(configuredPhotoHosts(undefined)).toEqual([...DEFAULT_PHOTO_HOSTS]);
    expect(configuredPhotoHosts(' Photos.Example.com , ,x.test')).toEqual(['photos.example.com', 'x.test']);
    for (const host of ['localhost', '127.0.0.1', 'app.localhost', ...DEFAULT_PHOTO_HOSTS]) expect(photoRouteEnabled(host, DEFAULT_PHOTO_HOSTS), host).toBe(true);
    for (const host of ['app.shelfwork.app', 'photos.shelfwork.app.evil.test', 'example.com']) expect(photoRouteEnabled(host, DEFAULT_PHOTO_HOSTS), host).toBe(false);
    expect(photoRouteEnabled('photos.example.com', configuredPhotoHosts('photos.example.com'))).toBe(true);
  });
});

describe('the shop cookie', () => {
  it('carries the place title for one day, encoded', () => {
    expect(shopCookie('Iki Šančiai, Kaunas', false)).toBe('shop=Iki%20%C5%A0an%C4%8Diai%2C%20Kaunas; Max-Age=86400; Path=/; SameSite=Lax');
    expect(shopCookie('Maxima', true)).toContain('; Secure');
  });
});

describe('isMandatory and defectsOption', () => {
  it('a mandatory camera step says so until a photo is added', () => {
    expect(cameraPath('t 1', ['after'], 'Shelf', { mandatory: true })).toBe('/task/t%201/camera/?tags=after&title=Shelf&isMandatory=true');
    expect(cameraPath('t1', [], null)).toBe('/task/t1/camera/');
    expect(renderMarkup(<MandatoryPhotoNote count={0} />)).toContain('This step needs at least one photo.');
    expect(renderMarkup(<MandatoryPhotoNote count={2} />)).toContain('2 photos added.');
  });

  it('defectsOption picks the defect list, regular by default', () => {
    expect(defectsOption(null)).toBe('regular');
    expect(defectsOption('task_blocker')).toBe('task_blocker');
    expect(defectsOption('<script>')).toBe('regular');
  });
});
