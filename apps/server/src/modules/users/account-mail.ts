import type { MailMessage } from '../../platform/mail/mailer';

export function verificationMail(to: { name: string; email: string }, link: string): MailMessage {
  return {
    to: to.email,
    subject: 'Confirme seu e-mail no Escriba',
    text: [
      `Olá, ${to.name}.`,
      '',
      'Para ativar sua conta no Escriba, confirme seu e-mail abrindo o link abaixo:',
      link,
      '',
      'O link vale por 48 horas e só pode ser usado uma vez.',
      'Se você não criou uma conta, ignore esta mensagem.',
    ].join('\n'),
  };
}

export function passwordResetMail(to: { name: string; email: string }, link: string): MailMessage {
  return {
    to: to.email,
    subject: 'Redefinição de senha do Escriba',
    text: [
      `Olá, ${to.name}.`,
      '',
      'Recebemos um pedido para redefinir a senha da sua conta. Para escolher uma nova senha, abra o link abaixo:',
      link,
      '',
      'O link vale por 1 hora e só pode ser usado uma vez. Ao redefinir, todas as sessões abertas serão encerradas.',
      'Se não foi você, ignore esta mensagem: sua senha continua a mesma.',
    ].join('\n'),
  };
}
