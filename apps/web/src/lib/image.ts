/**
 * Spec §9 image constants. The breakpoints are the contract's (the server renders evidence images at
 * them), repeated here because importing the contract would put zod on the first page through the
 * avatar (bench/web-bundle-size.ts); image.test.ts checks the two agree.
 */
export const IMAGE_BREAKPOINTS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const;
export const IMAGE_DENSITIES = [1, 2];
export const IMAGE_FORMAT = 'webp';
export const IMAGE_PLACEHOLDER = { width: 10, height: 10, quality: 50, blur: 3 } as const;

export interface ImageModifiers {
  width?: number;
  height?: number;
  quality?: number;
  blur?: number;
  format?: string;
}

type Provider = (src: string, modifiers: ImageModifiers) => string;

const PROVIDERS: Record<string, Provider> = {
  // Files served as they are: every candidate is the same address.
  none: (src) => src,
  // An IPX-compatible image server: /_ipx/w_640&f_webp/photo.jpg
  ipx: (src, { width, height, quality, blur, format }) => {
    const operations = [
      width && `w_${width}`,
      height && `h_${height}`,
      quality && `q_${quality}`,
      blur && `blur_${blur}`,
      format && `f_${format}`,
    ].filter(Boolean);
    return `/_ipx/${operations.join('&') || '_'}${src.startsWith('/') ? src : `/${src}`}`;
  },
};

const PRESETS: Record<string, ImageModifiers> = {
  avatar: { width: 48, height: 48, quality: 80 },
};

export interface ImageRequest {
  src: unknown;
  provider?: string;
  preset?: string;
  width?: number;
  height?: number;
  densities?: number[];
  /** CSS `sizes`; when given, candidates are made for every breakpoint width instead of densities. */
  sizes?: string;
}

export interface ImageSources {
  src: string;
  srcSet: string;
  sizes: string | undefined;
  placeholder: string;
}

/** Builds `src`, `srcset` and a placeholder; spec §8: unknown provider or preset, empty densities or a non-string source throw. */
export function buildImage(request: ImageRequest): ImageSources {
  const { src, provider = 'none', preset, densities = IMAGE_DENSITIES, sizes } = request;
  if (typeof src !== 'string') throw new TypeError('Image source must be a string');
  const build = PROVIDERS[provider];
  if (!build) throw new Error(`Unknown image provider: ${provider}`);
  const presetModifiers = preset === undefined ? {} : PRESETS[preset];
  if (!presetModifiers) throw new Error(`Unknown image preset: ${preset}`);
  if (densities.length === 0) throw new Error('Image densities must not be empty');

  const base: ImageModifiers = { format: IMAGE_FORMAT, ...presetModifiers };
  const width = request.width ?? base.width;
  const height = request.height ?? base.height;
  const scaled = (factor: number) => ({
    ...base,
    width: width && Math.round(width * factor),
    height: height && Math.round(height * factor),
  });

  const srcSet = sizes
    ? Object.values(IMAGE_BREAKPOINTS)
        .map((breakpoint) => `${build(src, { ...base, width: breakpoint, height: undefined })} ${breakpoint}w`)
        .join(', ')
    : densities.map((density) => `${build(src, scaled(density))} ${density}x`).join(', ');

  return {
    src: build(src, scaled(1)),
    srcSet,
    sizes,
    placeholder: build(src, { ...IMAGE_PLACEHOLDER, format: base.format }),
  };
}

/** A rendition an image server already made: `placeholder`, `thumbnail` or `w{width}` (as evidence variants). */
export interface ImageVariant {
  name: string;
  width: number;
  url: string;
}

/**
 * Sources from ready-made renditions: every `w{width}` one is a `srcset` candidate (densities follow from
 * `sizes`), the one nearest the `md` breakpoint is the fallback `src`. Undefined when there is none.
 */
export function buildImageFromVariants(variants: ImageVariant[], sizes: string): ImageSources | undefined {
  const widths = variants.filter((variant) => /^w\d+$/.test(variant.name)).sort((a, b) => a.width - b.width);
  const fallback = widths.find((variant) => variant.width >= IMAGE_BREAKPOINTS.md) ?? widths.at(-1);
  if (!fallback) return undefined;
  return {
    src: fallback.url,
    srcSet: widths.map((variant) => `${variant.url} ${variant.width}w`).join(', '),
    sizes,
    placeholder: variants.find((variant) => variant.name === 'placeholder')?.url ?? '',
  };
}
