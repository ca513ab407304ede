import { useSyncExternalStore } from 'react';
import { overlays } from '../../lib/overlays';

/** Renders whatever overlays are open, in the order they were opened. */
export function OverlayHost() {
  const open = useSyncExternalStore(overlays.subscribe, overlays.getOpen);
  return open.map(({ id, Component, props, close }) => <Component key={id} {...props} close={close} />);
}
