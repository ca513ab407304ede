import type { ComponentType } from 'react';

/** What an overlay receives: its props and a way to close itself with a result. */
export interface OverlayProps<TResult> {
  close: (result: TResult) => void;
}

export interface OpenOverlay {
  id: number;
  Component: ComponentType<OverlayProps<unknown> & Record<string, unknown>>;
  props: Record<string, unknown>;
  close: (result: unknown) => void;
}

/** Named overlays (dialogs) opened from anywhere; spec §8: an unknown name throws 'Overlay not found'. */
export function createOverlayRegistry() {
  const registered = new Map<string, OpenOverlay['Component']>();
  let open: OpenOverlay[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const update = (next: OpenOverlay[]) => {
    open = next;
    listeners.forEach((listener) => listener());
  };

  return {
    register: <P extends object, R>(name: string, Component: ComponentType<P & OverlayProps<R>>): void => {
      registered.set(name, Component as unknown as OpenOverlay['Component']);
    },
    open: <R>(name: string, props: Record<string, unknown> = {}): Promise<R> => {
      const Component = registered.get(name);
      if (!Component) throw new Error('Overlay not found');
      const id = nextId++;
      return new Promise<R>((resolve) => {
        const close = (result: unknown) => {
          update(open.filter((overlay) => overlay.id !== id));
          resolve(result as R);
        };
        update([...open, { id, Component, props, close }]);
      });
    },
    getOpen: () => open,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const overlays = createOverlayRegistry();
