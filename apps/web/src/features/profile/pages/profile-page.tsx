import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Icon } from '../../../components/ui/icon';
import { readApiError } from '../../../lib/api-error';
import { useCommonData } from '../../../lib/api/get-common-data';
import { useMe } from '../../../lib/api/get-me';
import { useCertificate } from '../../../lib/api/get-certificate';
import { useLicenses } from '../../../lib/api/list-licenses';
import { useMySpecializations } from '../../../lib/api/list-my-specializations';
import { usePreferences } from '../api/get-preferences';
import { useStylePreferences } from '../api/get-style-preferences';
import { useLogOut } from '../api/log-out';
import { AddressCard } from '../components/address-card';
import { CertificateCard } from '../components/certificate-card';
import { CloudCertificateCard } from '../components/cloud-certificate-card';
import { LicensesCard } from '../components/licenses-card';
import { PersonalDataCard } from '../components/personal-data-card';
import { PracticeCard } from '../components/practice-card';
import { PreferencesCard } from '../components/preferences-card';
import { SpecializationsCard } from '../components/specializations-card';
import { StylePreferencesCard } from '../components/style-preferences-card';

export function ProfilePage() {
  const me = useMe();
  const common = useCommonData();
  const preferences = usePreferences();
  const stylePreferences = useStylePreferences();
  // Fetched here too (the cards share the cache) so that the page appears whole, not card by card.
  const licenses = useLicenses();
  const mySpecializations = useMySpecializations();
  const certificate = useCertificate();
  const logOut = useLogOut();
  const queries = [me, common, preferences, stylePreferences, licenses, mySpecializations, certificate];
  const failed = queries.find((query) => query.error)?.error;
  const isLoading = queries.some((query) => query.isPending);

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
      {isLoading && !failed && (
        <div role="status" aria-busy="true" aria-label="Carregando o perfil" className="flex flex-col gap-6">
          {[0, 1, 2].map((index) => (
            <div key={index} className="h-64 animate-pulse rounded-2xl border border-line bg-surface" />
          ))}
        </div>
      )}
      {!isLoading && me.data && common.data && preferences.data && stylePreferences.data && (
        <>
          <PersonalDataCard user={me.data} />
          <AddressCard user={me.data} />
          <LicensesCard licenseTypes={common.data.licenseTypes} />
          <SpecializationsCard licenseTypes={common.data.licenseTypes} specializations={common.data.specializations} />
          <PracticeCard user={me.data} />
          <CertificateCard />
          <CloudCertificateCard />
          <PreferencesCard preferences={preferences.data} />
          <StylePreferencesCard preferences={stylePreferences.data} />
        </>
      )}
      {(!isLoading || failed) && (
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
      )}
    </div>
  );
}
