import type { MailMessage } from '../../platform/mail/mailer';
import { greeting } from '../users/account-mail';

/**
 * Sent to the e-mail of a sign-up whose CPF another account holds. Nobody has proved to own the
 * address yet, so it carries no text typed at sign-up (README "Account rules").
 */
export function cpfClaimMail(email: string, link: string, lifetimeHours: number, publicUrl: string): MailMessage {
  return {
    to: email,
    subject: 'Seu CPF já tem uma conta no Escriba',
    text: [
      'Olá.',
      '',
      'Recebemos um cadastro no Escriba com este e-mail, mas o CPF informado já pertence a outra conta, com outro e-mail. Por isso, nenhuma conta nova foi criada.',
      '',
      `Se você já tem uma conta no Escriba com outro e-mail, entre com ela: ${publicUrl}/log-in`,
      '',
      'Se o CPF é seu e você não reconhece a outra conta, conteste pelo link abaixo. Você confirma com a senha escolhida no cadastro (ou escolhe uma nova), e a administração do Escriba analisa o caso e responde por este e-mail:',
      link,
      '',
      `O link vale por ${lifetimeHours} horas. Se você não fez este cadastro, ignore esta mensagem.`,
    ].join('\n'),
  };
}

/** The administrators kept the CPF with the account that held it. */
export function cpfKeptMail(claimantEmail: string): MailMessage {
  return {
    to: claimantEmail,
    subject: 'Sua contestação de CPF no Escriba',
    text: [
      'Olá.',
      '',
      'A administração do Escriba analisou a sua contestação: o CPF continua na conta em que já estava cadastrado, e nenhuma conta foi criada com este e-mail.',
      '',
      'Se acha que houve um engano, fale com a administração do Escriba.',
    ].join('\n'),
  };
}

/** The administrators gave the CPF to the claimant: her account exists now. */
export function cpfGrantedMail(claimantEmail: string, publicUrl: string): MailMessage {
  return {
    to: claimantEmail,
    subject: 'Sua conta no Escriba foi criada',
    text: [
      'Olá.',
      '',
      'A administração do Escriba analisou a sua contestação e o CPF passou para você. Sua conta foi criada com este e-mail e a senha que você confirmou ao contestar.',
      '',
      `Entre no Escriba: ${publicUrl}/log-in`,
    ].join('\n'),
  };
}

/** The administrators took the CPF away from the account that held it, which is suspended. */
export function cpfWithdrawnMail(holder: { name: string; email: string; emailVerifiedAt: Date | null }): MailMessage {
  return {
    to: holder.email,
    subject: 'Sua conta no Escriba foi suspensa',
    text: [
      greeting(holder),
      '',
      'Após analisar uma contestação, a administração do Escriba concluiu que o CPF cadastrado na sua conta pertence a outra pessoa. O CPF foi retirado da sua conta, que foi suspensa; todas as sessões abertas foram encerradas.',
      '',
      'Se acha que houve um engano, fale com a administração do Escriba.',
    ].join('\n'),
  };
}
