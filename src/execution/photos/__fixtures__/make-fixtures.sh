#!/usr/bin/env bash
# Regenerates the base JPEGs of the EXIF tests with Debian's ffmpeg (committed; < 2 KB together).
# The EXIF blocks are laid by hand in exifFixture.ts and spliced in by the tests, and
# oriented-6.jpg (a camera-like photo with Orientation 6) by `npx tsx make-oriented.ts`.
set -euo pipefail
cd "$(dirname "$0")"
ffmpeg -loglevel error -f lavfi -i "testsrc=size=32x24:rate=1" -frames:v 1 -q:v 5 -y base-32x24.jpg
ffmpeg -loglevel error -f lavfi -i "color=c=red:size=8x8" -frames:v 1 -y thumb-8x8.jpg
npx tsx make-oriented.ts
