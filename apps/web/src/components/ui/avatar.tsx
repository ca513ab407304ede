import { cn } from '../../lib/cn';
import { getInitials } from '../../lib/initials';
import { Image } from './image';

/** Spec §9: avatar sizes from 16 px (3xs) to 48 px (3xl). */
export const AVATAR_SIZES = {
  '3xs': 16,
  '2xs': 20,
  xs: 24,
  sm: 28,
  md: 32,
  lg: 36,
  xl: 40,
  '2xl': 44,
  '3xl': 48,
} as const;

interface AvatarProps {
  name: string;
  src?: string;
  size?: keyof typeof AVATAR_SIZES;
  className?: string;
}

export function Avatar({ name, src, size = 'md', className }: AvatarProps) {
  const pixels = AVATAR_SIZES[size];
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent-100 font-semibold text-accent-ink select-none',
        className,
      )}
      style={{ width: pixels, height: pixels, fontSize: Math.max(8, Math.round(pixels * 0.4)) }}
      aria-hidden
    >
      {src ? <Image src={src} preset="avatar" width={pixels} height={pixels} alt="" /> : getInitials(name)}
    </span>
  );
}
