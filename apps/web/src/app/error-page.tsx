import { Link, useLocation, useRouteError } from 'react-router';
import { isChunkLoadError, reloadOnce } from '../lib/chunk-reload';
import { isCrawler } from '../lib/crawler';
import { describeError } from './describe-error';

export function ErrorPage() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const { status, title, message } = describeError(error, pathname);

  // A page chunk missing after a deploy: load the page afresh once (guarded for 10 s, spec §9).
  if (isChunkLoadError(error) && reloadOnce(sessionStorage, () => window.location.reload())) return null;
  console.error(message, error);
  // Spec §8: crawlers, page testers and link previewers get no error page; the error is only logged.
  if (isCrawler(navigator.userAgent)) return null;

  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <div className="max-w-md text-center">
        <p className="text-5xl font-semibold text-accent-600">{status}</p>
        <h1 className="mt-3 text-2xl font-semibold">{title}</h1>
        <p className="mt-2 text-muted" data-testid="error-message">
          {message}
        </p>
        <Link
          to="/"
          className="mt-6 inline-flex h-10 items-center rounded-lg bg-accent-600 px-4 font-medium text-white hover:bg-accent-700"
        >
          Voltar ao início
        </Link>
      </div>
    </main>
  );
}
