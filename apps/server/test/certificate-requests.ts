// Requests the certificate and signed-PDF tests make; not part of the server.
import type { App } from '../src/platform/services';

type Headers = Record<string, string>;

/** A multipart body as a browser's FormData sends it: `file` (the .pfx) and `password`, in the order given. */
export async function certificateForm(fields: { file?: Buffer; password?: string; passwordFirst?: boolean }) {
  const form = new FormData();
  const addPassword = () => fields.password !== undefined && form.append('password', fields.password);
  if (fields.passwordFirst) addPassword();
  if (fields.file) form.append('file', new Blob([fields.file]), 'certificado.pfx');
  if (!fields.passwordFirst) addPassword();
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

/** PUT /user/me/certificate with the .pfx and its password. */
export async function putCertificate(app: App, headers: Headers, file: Buffer | undefined, password?: string) {
  const body = await certificateForm({ file, password });
  return app.inject({
    method: 'PUT',
    url: '/api/v1/user/me/certificate',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}
