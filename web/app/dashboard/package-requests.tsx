// Travellers' requests for packages on the dashboard home: every request waits here, mailed or not (a creator
// whose address is not verified gets no mail, so this list is where they read them). Plain text only: the
// traveller's words are shown as typed, never as links.
import { useQuery } from '@tanstack/react-query';
import { packageRequestsQuery } from '~/lib/queries';
import { useSession } from '~/lib/session';
import { LoadError, Loading } from './status';

export function usePackageRequests() {
  const { isCreator } = useSession();
  return useQuery({ ...packageRequestsQuery(), enabled: isCreator });
}

const when = (at: string) =>
  new Date(at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

export function PackageRequests() {
  const requests = usePackageRequests();
  return (
    <section className="dash-card stack" aria-labelledby="package-requests-title">
      <div className="dash-card-head">
        <h2 id="package-requests-title">Requests from travellers</h2>
      </div>
      {requests.isPending ? (
        <Loading text="Reading requests…" />
      ) : requests.isError ? (
        <LoadError error={requests.error} retry={() => void requests.refetch()} />
      ) : requests.data.length === 0 ? (
        <p className="muted">No requests yet. Travellers can ask you about a package from your club.</p>
      ) : (
        <ul className="stack">
          {requests.data.map((request) => (
            <li key={request.id} className="stack">
              <p>
                <strong>{request.packageTitle ?? 'A package of your own'}</strong> · {when(request.createdAt)}
                {request.dates ? ` · ${request.dates.from} to ${request.dates.to}` : ''}
                {request.party
                  ? ` · ${request.party.adults} adult${request.party.adults === 1 ? '' : 's'}` +
                    (request.party.children ? `, ${request.party.children} children` : '')
                  : ''}
              </p>
              <p style={{ whiteSpace: 'pre-wrap' }}>{request.message}</p>
              <p className="muted">
                Answer by writing to {request.travellerEmail}
                {request.mailed ? '' : ' (not mailed to you: verify your email address to get requests by mail)'}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
