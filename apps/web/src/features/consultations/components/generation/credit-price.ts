import { formatCount } from '../../../../lib/plural';

/**
 * "usa 1 crédito · você tem 9": what a generation costs (the server's client configuration, never a copy of its
 * price) and the balance; each part left out until it is known.
 */
export function creditPriceText(cost: number | undefined, credits: number | undefined): string {
  const price = cost === undefined ? '' : `usa ${formatCount(cost, 'crédito', 'créditos')}`;
  const balance = credits === undefined ? '' : `você tem ${credits}`;
  return [price, balance].filter(Boolean).join(' · ');
}
