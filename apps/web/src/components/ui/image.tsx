import { useState, type ComponentProps } from 'react';
import { buildImage, type ImageRequest } from '../../lib/image';

type ImageProps = Omit<ComponentProps<'img'>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height'> &
  Omit<ImageRequest, 'src'> & { src: string };

/** An image with density (or breakpoint) candidates in webp and a blurred placeholder until it loads. */
export function Image({ src, provider, preset, width, height, densities, sizes, style, onLoad, ...props }: ImageProps) {
  const image = buildImage({ src, provider, preset, width, height, densities, sizes });
  const [isLoaded, setIsLoaded] = useState(false);
  return (
    <img
      {...props}
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.sizes}
      width={width}
      height={height}
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
