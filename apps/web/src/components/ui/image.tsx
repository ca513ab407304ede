import { useState, type ComponentProps } from 'react';
import {
  buildImage,
  buildImageFromVariants,
  type ImageRequest,
  type ImageSources,
  type ImageVariant,
} from '../../lib/image';

type ImgProps = Omit<ComponentProps<'img'>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height'>;
type ImageProps = ImgProps & Omit<ImageRequest, 'src'> & { src: string };

/** An image with density (or breakpoint) candidates in webp and a blurred placeholder until it loads. */
export function Image({ src, provider, preset, width, height, densities, sizes, ...props }: ImageProps) {
  const image = buildImage({ src, provider, preset, width, height, densities, sizes });
  return <ResponsiveImg image={image} width={width} height={height} {...props} />;
}

type VariantImageProps = ImgProps & { variants: ImageVariant[]; sizes: string; width?: number; height?: number };

/** An image the server already rendered at the breakpoint widths (its `w{width}` and `placeholder` variants). */
export function VariantImage({ variants, sizes, ...props }: VariantImageProps) {
  const image = buildImageFromVariants(variants, sizes);
  return image ? <ResponsiveImg image={image} {...props} /> : null;
}

function ResponsiveImg({
  image,
  alt,
  style,
  onLoad,
  ...props
}: ImgProps & { image: ImageSources; width?: number; height?: number }) {
  const [isLoaded, setIsLoaded] = useState(false);
  return (
    <img
      {...props}
      alt={alt}
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.sizes}
      loading="lazy"
      decoding="async"
      style={isLoaded ? style : { ...style, backgroundImage: `url("${image.placeholder}")`, backgroundSize: 'cover' }}
      onLoad={(event) => {
        setIsLoaded(true);
        onLoad?.(event);
      }}
    />
  );
}
