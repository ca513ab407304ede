import { clsx, type ClassValue } from 'clsx';
import { extendTailwindMerge } from 'tailwind-merge';

/** Spec §9: the class-merge cache keeps 500 entries. */
export const CLASS_MERGE_CACHE_SIZE = 500;

const merge = extendTailwindMerge({ cacheSize: CLASS_MERGE_CACHE_SIZE });

/** Joins class names; later Tailwind classes win over earlier conflicting ones. */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
