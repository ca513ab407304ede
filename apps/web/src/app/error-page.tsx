import { Link, useLocation, useRouteError } from 'react-router';
import { buttonClasses, Button } from '../components/ui/button';
import { Icon } from '../components/ui/icon';
import { isChunkLoadError, reloadOnce } from '../lib/chunk-reload';
import { isCrawler } from '../lib/crawler';
import { useSession } from '../lib/use-session';
import { describeError, type ErrorDescription } from './describe-error';
import { DefaultLayout } from './layouts/default-layout';
import { tabStore } from '../lib/browser-storage';

export function ErrorPage() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const { session } = useSession();
  const description = describeError(error, pathname);

  // A page chunk missing after a deploy: load the page afresh once (guarded for 10 s, spec §9).
  if (isChunkLoadError(error) && reloadOnce(tabStore(), () => window.location.reload())) return null;
  console.error(description.message, error);
  // Spec §8: crawlers, page testers and link previewers get no error page; the error is only logged.
  if (isCrawler(navigator.userAgent)) return null;

  // A signed-in professional keeps the menu (and theme) on a missing page, so the way on is in view.
  if (description.status === 404 && session) {
    return (
      <DefaultLayout>
        <ErrorView {...description} />
      </DefaultLayout>
    );
  }
  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas p-6">
      <ErrorView {...description} />
    </main>
  );
}

function ErrorView({ status, title, message, explanation, isNewVersion }: ErrorDescription) {
  const home = (
    <Link to="/" className={buttonClasses(isNewVersion || status !== 404 ? 'secondary' : 'primary')}>
      <Icon name="house" className="size-4" /> Voltar para o início
    </Link>
  );
  const reload = (
    <Button onClick={() => window.location.reload()}>
      <Icon name="refresh-cw" className="size-4" /> Recarregar página
    </Button>
  );
  return (
    <div className="mx-auto max-w-lg py-10 text-center" role={isNewVersion ? 'alert' : undefined}>
      {isNewVersion ? (
        <>
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-accent-50 text-accent-600 dark:bg-accent-500/15">
            <Icon name="refresh-cw" className="size-7" />
          </span>
          <h1 className="mt-4 text-2xl font-semibold">Nova versão disponível</h1>
        </>
      ) : (
        <>
          <p className="text-5xl font-semibold text-accent-600">{status}</p>
          <h1 className="mt-3 text-2xl font-semibold">{title}</h1>
        </>
      )}
      <p className="mt-3 text-[17px] text-ink">{explanation}</p>
      {!isNewVersion && (
        <p className="mt-2 text-sm break-words text-muted" data-testid="error-message">
          {message}
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {status !== 404 && reload}
        {home}
      </div>
    </div>
  );
}
