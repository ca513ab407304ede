/** The product's name and mark over a page seen without the app's menu (the guest pages, a document's public page). */
export function BrandHeader() {
  return (
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
  );
}
