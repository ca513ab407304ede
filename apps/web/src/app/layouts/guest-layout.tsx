import { Outlet } from 'react-router';
import { BrandHeader } from '../../components/ui/brand-header';

/** Spec §2 guest layout: a centred card under the product name. */
export function GuestLayout() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-canvas px-4 py-10">
      <div className="w-full max-w-md">
        <BrandHeader />
        <div className="rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8">
          <Outlet />
        </div>
      </div>
    </main>
  );
}
