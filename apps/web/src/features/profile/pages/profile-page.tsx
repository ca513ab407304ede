import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Icon } from '../../../components/ui/icon';
import { readApiError } from '../../../lib/api-error';
import { useCommonData } from '../../../lib/api/get-common-data';
import { useMe } from '../../../lib/api/get-me';
import { usePreferences } from '../api/get-preferences';
import { useLogOut } from '../api/log-out';
import { AddressCard } from '../components/address-card';
import { LicensesCard } from '../components/licenses-card';
import { PersonalDataCard } from '../components/personal-data-card';
import { PreferencesCard } from '../components/preferences-card';
import { SpecializationsCard } from '../components/specializations-card';

export function ProfilePage() {
  const me = useMe();
  const common = useCommonData();
  const preferences = usePreferences();
  const logOut = useLogOut();
  const failed = me.error ?? common.error ?? preferences.error;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex items-center gap-4">
        <Avatar name={me.data?.name ?? ''} size="3xl" />
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold">Perfil</h1>
          <p className="truncate text-muted">{me.data ? `${me.data.name} · ${me.data.email}` : 'Carregando…'}</p>
        </div>
      </header>
      {failed && <Alert tone="error">{readApiError(failed).message}</Alert>}
      {me.data && (
        <>
          <PersonalDataCard user={me.data} />
          <AddressCard user={me.data} />
        </>
      )}
      {common.data && (
        <>
          <LicensesCard licenseTypes={common.data.licenseTypes} />
          <SpecializationsCard licenseTypes={common.data.licenseTypes} specializations={common.data.specializations} />
        </>
      )}
      {preferences.data && <PreferencesCard preferences={preferences.data} />}
      <Card aria-labelledby="session-title">
        <CardHeader
          id="session-title"
          title="Sessão"
          description="Sair encerra esta sessão neste navegador."
          actions={
            <Button variant="secondary" onClick={() => logOut.mutate()} isLoading={logOut.isPending}>
              <Icon name="log-out" className="size-4" /> Sair da conta
            </Button>
          }
        />
      </Card>
    </div>
  );
}
