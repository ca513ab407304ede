import { Outlet } from 'react-router';
import { OverlayHost } from '../components/ui/overlay-host';
import { Toaster } from '../components/ui/toaster';

/** Spec §2: the root view shows toast notifications at the top-right corner. */
export function Root() {
  return (
    <>
      <Outlet />
      <Toaster />
      <OverlayHost />
    </>
  );
}

export function RootFallback() {
  return <div className="min-h-dvh bg-canvas" aria-busy="true" />;
}
