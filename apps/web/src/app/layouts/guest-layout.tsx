import { Outlet } from 'react-router';

/** Spec §2 guest layout: a centred card under the product name. */
export function GuestLayout() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-canvas px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <span
            className="flex size-11 items-center justify-center rounded-xl bg-accent-600 text-xl font-semibold text-white"
            aria-hidden
          >
            E
          </span>
          <p className="text-2xl font-semibold tracking-tight text-accent-ink">Escriba</p>
          <p className="text-sm text-muted">Assistente de consultas para profissionais de saúde</p>
        </div>
        <div className="rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8">
          <Outlet />
        </div>
      </div>
    </main>
  );
}
