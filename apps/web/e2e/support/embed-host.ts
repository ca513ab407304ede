import { createServer, type Server } from 'node:http';
import { APP_URL } from './ports';

/**
 * A clinic's record system on another site (127.0.0.1 beside the app's localhost): its page frames Escriba's
 * panel at `/frame?src=…` and keeps every message the panel posts it in `window.received`.
 */
export async function startEmbedHost(port: number): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://host');
    if (url.pathname !== '/frame') {
      response.writeHead(404).end();
      return;
    }
    const src = new URL(url.searchParams.get('src') ?? '/', APP_URL).href;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(hostPage(src));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function hostPage(src: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>Prontuário da Clínica Exemplo</title>
<style>body{margin:0;font-family:sans-serif}header{padding:8px 16px;background:#1e3a5f;color:#fff}iframe{border:0;width:100%;height:calc(100vh - 40px)}</style>
</head>
<body>
<header>Prontuário da Clínica Exemplo · Agenda de hoje</header>
<iframe title="Escriba" src="${src}" allow="microphone; clipboard-write"></iframe>
<script>
window.received = [];
addEventListener('message', (event) => {
  if (event.origin === ${JSON.stringify(new URL(APP_URL).origin)}) window.received.push(event.data);
});
window.openConsultation = (id) =>
  document.querySelector('iframe').contentWindow.postMessage(
    { type: 'escriba:open-consultation', consultation_id: id },
    ${JSON.stringify(new URL(APP_URL).origin)},
  );
</script>
</body>
</html>`;
}
