import type { ZCreateUserBody } from '@escriba/contract';
import { and, eq, lt, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { cpfDisputes } from '../../db/schema/index';
import { hashToken, randomToken } from '../../platform/crypto';
import type { MailMessage } from '../../platform/mail/mailer';
import type { App } from '../../platform/services';
import { cpfClaimMail } from './cpf-dispute-mail';

/**
 * Keeps a sign-up whose CPF a registered account with another e-mail holds, unconfirmed, and answers
 * the mail that offers its e-mail to contest: only following that link opens the dispute. An earlier
 * unconfirmed claim of the same e-mail is replaced, and expired ones go.
 */
export async function fileCpfClaim(
  app: App,
  tx: Database,
  input: z.output<typeof ZCreateUserBody>,
  passwordHash: string,
  holderUserId: string,
): Promise<MailMessage> {
  const now = new Date();
  await tx
    .delete(cpfDisputes)
    .where(
      and(
        eq(cpfDisputes.status, 'unconfirmed'),
        or(eq(cpfDisputes.claimantEmail, input.email), lt(cpfDisputes.codeExpiresAt, now)),
      ),
    );
  const code = randomToken();
  await tx.insert(cpfDisputes).values({
    cpf: input.cpf,
    holderUserId,
    claimantEmail: input.email,
    claimantName: input.name,
    claimantPhone: input.phone,
    passwordHash,
    codeHash: hashToken(code),
    codeExpiresAt: new Date(now.getTime() + app.config.unverifiedAccountMs),
  });
  const link = `${app.config.publicUrl}/account-verification?cpf_claim=${encodeURIComponent(code)}`;
  return cpfClaimMail(input.email, link, Math.round(app.config.unverifiedAccountMs / 3_600_000), app.config.publicUrl);
}
