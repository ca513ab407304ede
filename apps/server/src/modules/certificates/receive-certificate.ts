import { CERTIFICATE_MAX_BYTES, ZCertificatePassword } from '@escriba/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from '../../platform/errors';

// An A1 certificate with its chain is a few kilobytes: its size is said in kilobytes.
const TOO_LARGE = `O certificado passa do tamanho máximo de ${CERTIFICATE_MAX_BYTES / 1024} KB: envie o arquivo .pfx ou .p12`;

/** The multipart fields `file` (the .pfx/.p12, in memory: it is small) and `password`, in either order. */
export async function receiveCertificate(request: FastifyRequest): Promise<{ file: Buffer; password: string }> {
  let file: Buffer | undefined;
  let password: unknown;
  try {
    const limits = { fileSize: CERTIFICATE_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024 };
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        if (part.fieldname === 'file') file = await part.toBuffer();
        else part.file.resume();
      } else if (part.fieldname === 'password') {
        password = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('payload_too_large', TOO_LARGE);
    throw error;
  }
  if (!file) throw fieldError(['body', 'file'], 'Envie o certificado (.pfx ou .p12) no campo file', 'missing');
  if (file.length === 0) throw fieldError(['body', 'file'], 'O arquivo está vazio', 'empty');
  const checked = ZCertificatePassword.safeParse(password ?? '');
  if (!checked.success) throw fieldError(['body', 'password'], checked.error.issues[0]!.message);
  return { file, password: checked.data };
}
