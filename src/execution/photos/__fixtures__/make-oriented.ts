/** Writes oriented-6.jpg: base-32x24.jpg with the hand-laid EXIF (Orientation 6, thumbnail). For browser checks. */
import { writeFileSync } from 'node:fs';
import { buildTiff, fixturePath, readFixture, withExifSegment } from './exifFixture';

const tiff = buildTiff(false, 6, readFixture('thumb-8x8.jpg'));
writeFileSync(fixturePath('oriented-6.jpg'), withExifSegment(readFixture('base-32x24.jpg'), tiff));
