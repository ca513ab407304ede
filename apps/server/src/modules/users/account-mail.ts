import type { MailMessage } from '../../platform/mail/mailer';

/**
 * The opening line of an account mail. A name typed at sign-up reaches an address nobody has
 * proved to own, so it could carry a link or an instruction into an official-looking mail: only a
 * verified account is greeted by name.
 */
export function greeting(to: { name: string; emailVerifiedAt: Date | null }): string {
  return to.emailVerifiedAt ? `Olá, ${to.name}.` : 'Olá.';
}

/** Sent to an address nobody has proved to own yet: it carries no text typed at sign-up. */
export function verificationMail(email: string, link: string, lifetimeHours: number): MailMessage {
  return {
    to: email,
    subject: 'Confirme seu e-mail no Escriba',
    text: [
      'Olá.',
      '',
      'Para ativar sua conta no Escriba, confirme seu e-mail abrindo o link abaixo:',
      link,
      '',
      `O link vale por ${lifetimeHours} horas e só pode ser usado uma vez.`,
      'Se você não criou uma conta, ignore esta mensagem.',
    ].join('\n'),
  };
}

export function passwordResetMail(
  to: { name: string; email: string; emailVerifiedAt: Date | null },
  link: string,
): MailMessage {
  return {
    to: to.email,
    subject: 'Redefinição de senha do Escriba',
    text: [
      greeting(to),
      '',
      'Recebemos um pedido para redefinir a senha da sua conta. Para escolher uma nova senha, abra o link abaixo:',
      link,
      '',
      'O link vale por 1 hora e só pode ser usado uma vez. Ao redefinir, todas as sessões abertas serão encerradas.',
      'Se não foi você, ignore esta mensagem: sua senha continua a mesma.',
    ].join('\n'),
  };
}

/** Sign-up answers the same for a taken e-mail or CPF; the account that holds it learns of the attempt here. */
export function signUpAttemptMail(
  to: { name: string; email: string; emailVerifiedAt: Date | null },
  publicUrl: string,
): MailMessage {
  return {
    to: to.email,
    subject: 'Tentativa de cadastro com seus dados no Escriba',
    text: [
      greeting(to),
      '',
      'Alguém tentou criar uma conta no Escriba com o seu e-mail ou o seu CPF, que já têm uma conta. Nenhuma conta nova foi criada.',
      '',
      `Se foi você, entre com a sua conta: ${publicUrl}/log-in`,
      `Se esqueceu a senha, peça uma nova: ${publicUrl}/forgot-password`,
      '',
      'Se não foi você, ignore esta mensagem: sua conta continua como estava.',
    ].join('\n'),
  };
}
