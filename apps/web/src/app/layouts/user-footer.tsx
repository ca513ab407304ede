import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { Icon } from '../../components/ui/icon';
import { cn } from '../../lib/cn';
import { useSession } from '../../lib/use-session';
import { useLogOut } from '../../features/profile/api/log-out';
import { useMe } from '../../lib/api/get-me';
import { nounFor } from '../../lib/plural';

const formatCredits = new Intl.NumberFormat('pt-BR');

/**
 * Bottom of the sidebar: the credits balance, the user's avatar linking to the profile, and "Sair", so a
 * shared clinic computer is one click from signing out on every page.
 */
export function UserFooter({ isCollapsed }: { isCollapsed: boolean }) {
  const { user } = useSession();
  const me = useMe();
  const logOut = useLogOut();
  const name = me.data?.name ?? user?.name ?? '';
  const credits = me.data ? formatCredits.format(me.data.credits) : '…';
  const noun = me.data ? nounFor(me.data.credits, 'crédito', 'créditos') : 'créditos';

  return (
    <div className="flex flex-col gap-2">
      {/* On the tablet's icon rail the number stays in sight under the icon; only the word is left to readers. */}
      <p
        className={cn(
          'flex items-center gap-2 rounded-lg bg-subtle px-3 py-2 text-sm',
          isCollapsed && 'flex-col gap-0.5 px-0',
        )}
        title={`${credits} ${noun}`}
        data-testid="credits"
      >
        <Icon name="coins" className="size-4 text-accent-600" />
        <span>
          <strong className="font-semibold">{credits}</strong>
          <span className={cn(isCollapsed && 'sr-only')}> {noun}</span>
        </span>
      </p>
      <div className={cn('flex items-center gap-1', isCollapsed && 'flex-col')}>
        <Link
          to="/user/profile"
          className={cn(
            'flex min-w-0 flex-1 items-center gap-3 rounded-lg p-2 hover:bg-subtle',
            isCollapsed && 'justify-center',
          )}
          title={isCollapsed ? name : undefined}
        >
          <Avatar name={name} size="lg" />
          <span className={cn('min-w-0', isCollapsed && 'sr-only')}>
            <span className="block truncate text-sm font-semibold">{name}</span>
            <span className="block truncate text-xs text-muted">{user?.email}</span>
          </span>
        </Link>
        <button
          type="button"
          onClick={() => logOut.mutate()}
          disabled={logOut.isPending}
          className="flex size-10 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-subtle hover:text-ink"
          aria-label="Sair da conta"
          title="Sair da conta"
        >
          <Icon
            name={logOut.isPending ? 'loader-circle' : 'log-out'}
            className={cn(logOut.isPending && 'animate-spin')}
          />
        </button>
      </div>
    </div>
  );
}
