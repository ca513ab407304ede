import { Icon as IconifyIcon, type IconifyIcon as IconData } from '@iconify/react/offline';
import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn';
import type { IconName } from '../../lib/icon-names';
import { icons } from '../../lib/icons';

interface IconProps {
  name: IconName;
  className?: string;
  /** Announced to screen readers; decorative icons leave it out. */
  label?: string;
}

export function Icon({ name, className, label }: IconProps) {
  const [resolved, setResolved] = useState<{ name: IconName; data: IconData }>();
  const data = icons.getLoaded(name) ?? (resolved?.name === name ? resolved.data : undefined);

  useEffect(() => {
    if (icons.getLoaded(name)) return;
    let isCurrent = true;
    icons.lookup(name).then(
      (loaded) => isCurrent && setResolved({ name, data: loaded }),
      (error: unknown) => console.warn(`Icon "${name}" failed to load`, error),
    );
    return () => {
      isCurrent = false;
    };
  }, [name]);

  const classes = cn('inline-block size-5 shrink-0', className);
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  if (!data) return <span className={classes} {...a11y} />;
  return <IconifyIcon icon={data} className={classes} {...a11y} />;
}
