import type { TNoteAuthor } from '@escriba/contract';
import { useMe } from '../../../lib/api/get-me';
import { useLicenses } from '../../../lib/api/list-licenses';

/**
 * The professional who signs the notes, once known. Licenses that fail to load leave the name alone:
 * a note that cannot show the license still prints, and shows no number it is unsure of.
 */
export function useNoteAuthor(): TNoteAuthor | undefined {
  const me = useMe();
  const licenses = useLicenses();
  if (!me.data || licenses.isPending) return undefined;
  return { name: me.data.name, license: licenses.data?.find((license) => license.is_primary) };
}
