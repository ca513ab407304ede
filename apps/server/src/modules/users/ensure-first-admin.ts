import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import { recordAudit } from '../../platform/audit';
import { hashPassword } from '../../platform/auth/passwords';
import type { App } from '../../platform/services';
import { grantSignUpCredits } from '../credits/sign-up-credits';
import { findUserByEmail } from './find-user';
import { isPendingSignUp } from './pending-sign-ups';

/**
 * With ADMIN_EMAIL and ADMIN_PASSWORD set and no administrator yet, creates one (or promotes the
 * account that already uses that e-mail, keeping its password if it is verified).
 */
export async function ensureFirstAdmin(app: App): Promise<void> {
  const admin = app.config.admin;
  if (!admin) return;
  const [existingAdmin] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(sql`'admin' = any(${users.scopes})`)
    .limit(1);
  if (existingAdmin) return;
  const email = admin.email.toLowerCase();
  const now = new Date();
  const existing = await findUserByEmail(app.db, email);
  if (existing?.status === 'suspended') {
    app.log.warn('ADMIN_EMAIL belongs to a suspended account: no administrator created');
    return;
  }
  // A sign-up never verified is no claim on the e-mail (README "Account rules"): its password, perhaps
  // chosen by someone who signed up with ADMIN_EMAIL first, gives way to ADMIN_PASSWORD.
  const keepsPassword = existing !== undefined && !isPendingSignUp(existing);
  const passwordHash = keepsPassword ? undefined : await hashPassword(admin.password.normalize('NFC'));
  await app.db.transaction(async (tx) => {
    const [user] = existing
      ? await tx
          .update(users)
          .set({
            scopes: ['user', 'admin'],
            status: 'active',
            emailVerifiedAt: existing.emailVerifiedAt ?? now,
            ...(passwordHash === undefined ? {} : { passwordHash }),
            updatedAt: now,
          })
          .where(eq(users.id, existing.id))
          .returning()
      : await tx
          .insert(users)
          .values({
            name: 'Administrador',
            email,
            passwordHash: passwordHash!,
            status: 'active',
            scopes: ['user', 'admin'],
            emailVerifiedAt: now,
          })
          // Instances starting together: the first one creates the administrator, the others find it made.
          .onConflictDoNothing()
          .returning();
    if (!user) return;
    // An account verified only now starts with the sign-up credits, like any other.
    if (!existing?.emailVerifiedAt) await grantSignUpCredits(app, tx, user.id);
    await recordAudit(tx, {
      action: 'user.created_by_system',
      subjectUserId: user.id,
      details: { scopes: ['user', 'admin'] },
    });
    app.log.info({ promoted: Boolean(existing) }, 'first administrator ready');
  });
}
