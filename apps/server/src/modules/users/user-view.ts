import { DEFAULT_PREFERENCES, type TPreferences, type TUser } from '@escriba/contract';
import type { UserRow } from '../../db/schema/index';

export function toUserView(user: UserRow): TUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    cpf: user.cpf,
    phone: user.phone,
    birth_date: user.birthDate,
    address: user.address,
    practice: user.practice,
    status: user.status,
    scopes: user.scopes,
    credits: user.credits,
    email_verified: user.emailVerifiedAt !== null,
    created_at: user.createdAt.toISOString(),
  };
}

export function preferencesOf(user: UserRow): TPreferences {
  return { ...DEFAULT_PREFERENCES, ...user.preferences };
}
