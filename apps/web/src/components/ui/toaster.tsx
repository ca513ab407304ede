import * as ToastPrimitive from '@radix-ui/react-toast';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { cn } from '../../lib/cn';
import { toastClearance } from '../../lib/toast-clearance';
import type { IconName } from '../../lib/icon-names';
import { cumulativeOffsets, stackTransform, TOAST_GAP_PX, toasts, type ToastColor } from '../../lib/toast-store';
import { buttonClasses } from './button';
import { Icon } from './icon';

const COLORS: Record<ToastColor, { stripe: string; icon: IconName; iconClass: string }> = {
  success: { stripe: 'before:bg-success', icon: 'circle-check', iconClass: 'text-success' },
  error: { stripe: 'before:bg-danger', icon: 'circle-alert', iconClass: 'text-danger' },
  warning: { stripe: 'before:bg-warning', icon: 'triangle-alert', iconClass: 'text-warning' },
  info: { stripe: 'before:bg-accent-500', icon: 'info', iconClass: 'text-accent-600' },
};

/** Spec §2/§9: toasts at the top-right, stacked; hovering or focusing spreads them out. */
export function Toaster() {
  const list = useSyncExternalStore(toasts.subscribe, toasts.getToasts);
  const [isExpanded, setIsExpanded] = useState(false);
  const heights = useToastHeights();
  const clearance = useSyncExternalStore(toastClearance.subscribe, toastClearance.get);

  const offsets = cumulativeOffsets(list.map((toast) => heights.get(toast.id)));
  return (
    <ToastPrimitive.Provider swipeDirection="right" label="Notificação">
      {list.map((toast, index) => {
        const { stripe, icon, iconClass } = COLORS[toast.color];
        const style = {
          transform: stackTransform(index, offsets[index] ?? 0, isExpanded),
          zIndex: list.length - index,
        };
        return (
          <ToastPrimitive.Root
            key={toast.id}
            ref={heights.observe(toast.id)}
            open={toast.open}
            duration={toast.duration}
            onOpenChange={(open) => !open && toasts.close(toast.id)}
            style={style}
            data-testid="toast"
            className={cn(
              'absolute top-0 right-0 flex w-full origin-top gap-3 overflow-hidden rounded-xl border border-line bg-surface p-4 pl-5 shadow-lg transition-all duration-200',
              'before:absolute before:inset-y-0 before:left-0 before:w-1',
              'data-[state=closed]:opacity-0 data-[swipe=end]:translate-x-full',
              stripe,
            )}
          >
            <Icon name={icon} className={cn('mt-0.5', iconClass)} />
            <div className="min-w-0 flex-1">
              <ToastPrimitive.Title className="font-semibold">{toast.title}</ToastPrimitive.Title>
              {toast.description && (
                <ToastPrimitive.Description className="mt-0.5 text-sm text-muted">
                  {toast.description}
                </ToastPrimitive.Description>
              )}
              {toast.action && (
                <ToastPrimitive.Action
                  altText={toast.action.label}
                  onClick={toast.action.onAction}
                  className={cn(buttonClasses('primary', 'sm'), 'mt-2.5')}
                >
                  {toast.action.label}
                </ToastPrimitive.Action>
              )}
            </div>
            <ToastPrimitive.Close className="self-start rounded-md p-1 text-muted hover:bg-subtle" aria-label="Fechar">
              <Icon name="x" className="size-4" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      <ToastPrimitive.Viewport
        onMouseEnter={() => setIsExpanded(true)}
        onMouseLeave={() => setIsExpanded(false)}
        onFocus={() => setIsExpanded(true)}
        onBlur={() => setIsExpanded(false)}
        style={clearance > 0 ? { top: clearance + TOAST_GAP_PX } : undefined}
        className="fixed top-4 right-4 z-[100] m-0 w-[calc(100%-2rem)] list-none p-0 outline-none sm:w-96"
      />
    </ToastPrimitive.Provider>
  );
}

/**
 * A ref for a drawer's header: while the header is in the page, toasts start below it, following its height
 * (a callback ref, since the drawer's portal mounts its content after the drawer itself).
 */
export function toastsBelow(node: HTMLElement | null) {
  if (!node) return;
  const place = () => toastClearance.set(Math.ceil(node.getBoundingClientRect().bottom));
  const observer = new ResizeObserver(place);
  observer.observe(node);
  place();
  return () => {
    observer.disconnect();
    toastClearance.set(0);
  };
}

/** Measured toast heights, so an expanded stack places each toast below the ones before it. */
function useToastHeights() {
  const [sizes, setSizes] = useState<ReadonlyMap<number, number>>(new Map());
  const observer = useRef<ResizeObserver | null>(null);
  const ids = useRef(new WeakMap<Element, number>());

  useEffect(() => () => observer.current?.disconnect(), []);

  function measure(entries: ResizeObserverEntry[]) {
    setSizes((previous) => {
      const next = new Map(previous);
      entries.forEach((entry) => {
        const id = ids.current.get(entry.target);
        if (id !== undefined) next.set(id, entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height);
      });
      return next;
    });
  }

  return {
    get: (id: number) => sizes.get(id) ?? 0,
    observe: (id: number) => (node: HTMLLIElement | null) => {
      if (!node) return;
      ids.current.set(node, id);
      observer.current ??= new ResizeObserver(measure);
      observer.current.observe(node);
      return () => observer.current?.unobserve(node);
    },
  };
}
