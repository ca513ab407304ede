import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { corruptPng, jpegWithExifRotation, labReportHeic, labReportPng } from '../../../test/evidence-files.js';
import { detectDocumentType, type DocumentType } from './detect-document-type.js';
import { makeImageVariants } from './image-variants.js';
import { UnreadableDocumentError } from './unreadable-document-error.js';

async function variantsOf(image: Buffer) {
  const type = await detectDocumentType(image, true);
  if (!type) throw new Error('test image of no accepted type');
  return await makeImageVariants(image, type);
}

async function wideImage(width: number): Promise<Buffer> {
  return await sharp({ create: { width, height: width / 2, channels: 3, background: '#3a6ea5' } })
    .png()
    .toBuffer();
}

function sizes(variants: { name: string; width: number; height: number }[]) {
  return variants.map(({ name, width, height }) => `${name} ${width}x${height}`);
}

describe('makeImageVariants', () => {
  it('makes a thumbnail, every responsive width of spec section 9 and a placeholder from a large image', async () => {
    const variants = await variantsOf(await wideImage(4000));
    expect(sizes(variants)).toEqual([
      'thumbnail 320x160',
      'w320 320x160',
      'w640 640x320',
      'w768 768x384',
      'w1024 1024x512',
      'w1280 1280x640',
      'w1536 1536x768',
      'w2048 2048x1024',
      'w2560 2560x1280',
      'w3072 3072x1536',
      'placeholder 10x10',
    ]);
    for (const variant of variants) {
      expect(variant.contentType).toBe('image/webp');
      const metadata = await sharp(variant.data).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', variant.width, variant.height]);
    }
  });

  it('never enlarges: the original width closes the list', async () => {
    expect(sizes(await variantsOf(await labReportPng()))).toEqual([
      'thumbnail 320x219',
      'w320 320x219',
      'w640 640x437',
      'w768 768x525',
      'w1024 1024x700',
      'w1152 1152x787',
      'placeholder 10x10',
    ]);
    expect(sizes(await variantsOf(await wideImage(200)))).toEqual([
      'thumbnail 200x100',
      'w200 200x100',
      'placeholder 10x10',
    ]);
  });

  it('turns the image upright by its EXIF orientation and drops the metadata', async () => {
    const variants = await variantsOf(await jpegWithExifRotation());
    expect(sizes(variants)).toEqual(['thumbnail 160x320', 'w200 200x400', 'placeholder 10x10']);
    const full = variants.find((variant) => variant.name === 'w200');
    const { data } = await sharp(full?.data).raw().toBuffer({ resolveWithObject: true });
    // Red (the JPEG's left half) is on top once turned 90° clockwise.
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);
    expect((await sharp(full?.data).metadata()).exif).toBeUndefined();
  });

  it('makes variants of an HEIC photo', async () => {
    expect(sizes(await variantsOf(await labReportHeic()))).toContain('w1152 1152x787');
  });

  it('refuses a corrupt image', async () => {
    const type: DocumentType = { kind: 'image', mime: 'image/png', extension: 'png' };
    await expect(makeImageVariants(await corruptPng(), type)).rejects.toThrow(UnreadableDocumentError);
  });
});
