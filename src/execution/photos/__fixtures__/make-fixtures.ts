/**
 * Regenerates the base JPEGs of the EXIF tests in JavaScript (jpeg-js via test/support/images.ts;
 * committed): base-32x24.jpg, a 32×24 test card, and thumb-8x8.jpg, a red 8×8 thumbnail. The EXIF
 * blocks are laid by hand in exifFixture.ts and spliced in by the tests; oriented-6.jpg (a
 * camera-like photo with Orientation 6) is then rewritten by make-oriented.ts.
 *
 *   npx tsx src/execution/photos/__fixtures__/make-fixtures.ts
 */
import { writeFileSync } from 'node:fs';
import { COLOURS, encodeJpeg, solidImage, testPattern } from '../../../../test/support/images';
import { fixturePath } from './exifFixture';

writeFileSync(fixturePath('base-32x24.jpg'), encodeJpeg(testPattern(32, 24, 0, { noise: 0 }), 75));
writeFileSync(fixturePath('thumb-8x8.jpg'), encodeJpeg(solidImage(8, 8, COLOURS.red), 75));
await import('./make-oriented');
