import { timingSafeEqual } from 'node:crypto';
import { hmacToken } from '../../platform/crypto';

const DAY_SECONDS = 86_400;

/** Whose file a link opens: the professional it was signed for and the evidence. */
export interface LinkOwner {
  userId: string;
  consultationId: string;
  evidenceId: string;
}

/** `file` (the original) or `variants/{name}`: the path after the evidence's. */
export type LinkedFile = 'file' | `variants/${string}`;

/**
 * Links to an evidence's files that work without a bearer token (an <img>, a new tab): signed with a
 * server key for one professional, evidence and file, until `expires`. The expiry is the end of the
 * next UTC day, so a link stays the same all day long and the browser's cache keeps working.
 */
export class FileLinks {
  constructor(private readonly key: string) {}

  url(owner: LinkOwner, file: LinkedFile, now = Date.now()): string {
    const expires = String((Math.floor(now / 1000 / DAY_SECONDS) + 2) * DAY_SECONDS);
    const signature = this.sign(owner, file, expires);
    return `/api/v1/user/consultations/${owner.consultationId}/evidences/${owner.evidenceId}/${file}?expires=${expires}&signature=${signature}`;
  }

  /** Whether the link was signed for this owner and file and has not expired. */
  isValid(owner: LinkOwner, file: LinkedFile, link: { expires: string; signature: string }, now = Date.now()): boolean {
    if (Number(link.expires) * 1000 <= now) return false;
    const expected = Buffer.from(this.sign(owner, file, link.expires));
    const given = Buffer.from(link.signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private sign({ userId, consultationId, evidenceId }: LinkOwner, file: LinkedFile, expires: string): string {
    return hmacToken(this.key, [userId, consultationId, evidenceId, file, expires].join('\n'));
  }
}
