import type { ReactNode } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { Icon } from '../../components/ui/icon';
import { cn } from '../../lib/cn';
import type { IconName } from '../../lib/icon-names';
import { useCollapsedSidebar } from './use-collapsed-sidebar';

export interface NavItem {
  label: string;
  icon: IconName;
  /** Absent for a section that arrives later: shown, but not yet a link. */
  to?: string;
}

interface AppFrameProps {
  items: NavItem[];
  marker?: string;
  footer: (isCollapsed: boolean) => ReactNode;
  extraLink?: NavItem & { to: string };
  /** Shown instead of the matched page (the error view keeps the frame). */
  children?: ReactNode;
}

const itemClasses = 'flex h-10 items-center gap-3 rounded-lg px-3 text-[15px] font-medium transition-colors';

/** The default and admin layouts: a left sidebar (icons only on a tablet) and the page beside it. */
export function AppFrame({ items, marker, footer, extraLink, children }: AppFrameProps) {
  const [isCollapsed, setIsCollapsed] = useCollapsedSidebar();

  const renderItem = (item: NavItem) => {
    const content = (
      <>
        <Icon name={item.icon} />
        <span className={cn('truncate', isCollapsed && 'sr-only')}>{item.label}</span>
      </>
    );
    if (!item.to) {
      return (
        <span
          key={item.label}
          aria-disabled="true"
          title={`${item.label}: em breve`}
          className={cn(itemClasses, 'cursor-default text-muted/70')}
        >
          {content}
          <span className="sr-only"> (em breve)</span>
        </span>
      );
    }
    return (
      <NavLink
        key={item.label}
        to={item.to}
        // Home is active on / only; a section stays active on its sub-pages (/patients/{id}).
        end={item.to === '/'}
        title={isCollapsed ? item.label : undefined}
        className={({ isActive }) =>
          cn(itemClasses, isActive ? 'bg-accent-50 text-accent-ink dark:bg-accent-500/15' : 'text-ink hover:bg-subtle')
        }
      >
        {content}
      </NavLink>
    );
  };

  return (
    <div className="flex min-h-dvh">
      {/* WCAG 2.4.1: the first Tab stop jumps over the menu to the page. */}
      <a
        href="#main-content"
        onClick={(event) => {
          // Focus, not a hash change: the router would treat the hash as a new location.
          event.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
        className="sr-only z-50 rounded-lg bg-surface px-4 py-2 font-medium text-accent-ink shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Pular para o conteúdo
      </a>
      {/* The outer column carries the background the full height of the page; the inner one stays in view. */}
      <div
        className={cn(
          'shrink-0 border-r border-line bg-surface transition-[width] duration-200',
          isCollapsed ? 'w-[72px]' : 'w-72',
        )}
      >
        <aside className="sticky top-0 flex h-dvh flex-col">
          <div className={cn('flex items-center gap-2 px-4 pt-5 pb-4', isCollapsed && 'flex-col px-2')}>
            <Link to="/" className="flex items-center gap-2 rounded-lg text-lg font-semibold text-accent-ink">
              <span className="flex size-8 items-center justify-center rounded-lg bg-accent-600 text-base text-white">
                E
              </span>
              <span className={cn(isCollapsed && 'sr-only')}>Escriba</span>
            </Link>
            <button
              type="button"
              onClick={() => setIsCollapsed(!isCollapsed)}
              className={cn('rounded-lg p-1.5 text-muted hover:bg-subtle', !isCollapsed && 'ml-auto')}
              aria-label={isCollapsed ? 'Expandir menu' : 'Recolher menu'}
              aria-expanded={!isCollapsed}
            >
              <Icon name={isCollapsed ? 'panel-left-open' : 'panel-left-close'} />
            </button>
          </div>
          {marker && (
            <p
              className={cn(
                'mx-3 mb-3 flex items-center gap-2 rounded-lg bg-warning/10 px-3 py-1.5 text-sm font-semibold text-warning',
                isCollapsed && 'justify-center px-0',
              )}
              title={marker}
            >
              <Icon name="shield-check" className="size-4" />
              <span className={cn(isCollapsed && 'sr-only')}>{marker}</span>
            </p>
          )}
          <nav aria-label="Navegação principal" className="flex flex-1 flex-col gap-1 overflow-y-auto px-3">
            {items.map(renderItem)}
            {extraLink && <div className="mt-4 border-t border-line pt-4">{renderItem(extraLink)}</div>}
          </nav>
          <div className="border-t border-line p-3">{footer(isCollapsed)}</div>
        </aside>
      </div>
      <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 px-5 py-8 sm:px-8 lg:px-12">
        <div className="mx-auto max-w-5xl">{children ?? <Outlet />}</div>
      </main>
    </div>
  );
}
