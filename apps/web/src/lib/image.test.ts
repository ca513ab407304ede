import { describe, expect, it } from 'vitest';
import { IMAGE_BREAKPOINTS as CONTRACT_BREAKPOINTS } from '@escriba/contract';
import { buildImage, buildImageFromVariants, IMAGE_BREAKPOINTS } from './image';

describe('buildImage', () => {
  it('throws on an unknown provider or preset, empty densities and a non-string source', () => {
    expect(() => buildImage({ src: '/a.png', provider: 'cloudinary' })).toThrow('Unknown image provider');
    expect(() => buildImage({ src: '/a.png', preset: 'hero' })).toThrow('Unknown image preset');
    expect(() => buildImage({ src: '/a.png', densities: [] })).toThrow('densities');
    expect(() => buildImage({ src: 42 })).toThrow('must be a string');
  });

  it('makes 1x and 2x webp candidates and a 10x10 q50 blur 3 placeholder', () => {
    const image = buildImage({ src: '/photo.jpg', provider: 'ipx', preset: 'avatar' });
    expect(image.src).toBe('/_ipx/w_48&h_48&q_80&f_webp/photo.jpg');
    expect(image.srcSet).toBe('/_ipx/w_48&h_48&q_80&f_webp/photo.jpg 1x, /_ipx/w_96&h_96&q_80&f_webp/photo.jpg 2x');
    expect(image.placeholder).toBe('/_ipx/w_10&h_10&q_50&blur_3&f_webp/photo.jpg');
  });

  it('makes one candidate per breakpoint when sizes are given', () => {
    const image = buildImage({ src: 'photo.jpg', provider: 'ipx', sizes: '100vw' });
    expect(image.srcSet.split(', ').map((candidate) => candidate.split(' ')[1])).toEqual([
      '320w',
      '640w',
      '768w',
      '1024w',
      '1280w',
      '1536w',
    ]);
  });

  it('passes files through unchanged with the default provider', () => {
    expect(buildImage({ src: '/logo.svg' })).toMatchObject({ src: '/logo.svg', srcSet: '/logo.svg 1x, /logo.svg 2x' });
  });
});

describe('IMAGE_BREAKPOINTS', () => {
  it('are the widths the server renders images at', () => {
    expect(IMAGE_BREAKPOINTS).toEqual(CONTRACT_BREAKPOINTS);
  });
});

describe('buildImageFromVariants', () => {
  const variant = (name: string, width: number) => ({ name, width, url: `/files/${name}?signature=x` });

  it('lists the width renditions as w candidates, the placeholder apart, and falls back to the one nearest md', () => {
    const variants = [variant('w1024', 1024), variant('placeholder', 10), variant('w320', 320), variant('w768', 768)];
    expect(buildImageFromVariants([...variants, variant('thumbnail', 160)], '50vw')).toEqual({
      src: '/files/w768?signature=x',
      srcSet: '/files/w320?signature=x 320w, /files/w768?signature=x 768w, /files/w1024?signature=x 1024w',
      sizes: '50vw',
      placeholder: '/files/placeholder?signature=x',
    });
  });

  it('falls back to the widest rendition of a small image, and to nothing without renditions', () => {
    expect(buildImageFromVariants([variant('w320', 320), variant('w640', 640)], '100vw')?.src).toBe(
      '/files/w640?signature=x',
    );
    expect(buildImageFromVariants([variant('thumbnail', 160)], '100vw')).toBeUndefined();
  });
});
