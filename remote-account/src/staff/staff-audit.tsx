import 'shared/ui/staff/screens.css';
import './staff.css';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { isSessionEnded } from 'shared/api/staff-client';
import { useOperationCall } from 'shared/api/use-operation';
import type { AuditResponse, AuditRowView } from './team-schemas';
import { staffRoleNames } from 'shared/staff-roles';
import { accountStaffOperations } from './operations';
import { bogotaDateTime } from './format';
import { LoadState, useCellLabels } from 'shared/ui/staff/kit';
import { auditTexts as t } from './audit-texts';

type Kinds = AuditResponse['kinds'];
type Listing =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; rows: AuditRowView[]; nextBefore: string | null; more: 'idle' | 'loading' | 'failed' };

/** The action in plain words, as its domain names it; an action no domain names shows its code. */
const actionLabel = (row: AuditRowView) => row.actionLabel ?? row.action;

function recordLabel(row: AuditRowView): string {
  const kind = row.entityLabel ?? row.entity;
  return row.entityId ? `${kind}: ${row.entityId}` : kind;
}

/**
 * `account/StaffAudit` (admins): the append-only audit log, newest first, 50 rows a page with "Cargar más", filtered
 * by kind of action (the kinds every domain declares, as the API lists them). Times in Bogotá.
 */
export default function StaffAudit() {
  const read = useOperationCall(accountStaffOperations.audit);
  const filterId = useId();
  const [action, setAction] = useState('');
  const [listing, setListing] = useState<Listing>({ kind: 'loading' });
  const [kinds, setKinds] = useState<Kinds>([]);
  const endRef = useRef<HTMLParagraphElement>(null);
  const focusEnd = useRef(false);
  const query = useRef(0);
  const table = useCellLabels();

  const load = useCallback(
    async (kind: string, before: string | null, previous: AuditRowView[]) => {
      const id = ++query.current;
      const result = await read({ query: { ...(before ? { before } : {}), ...(kind ? { action: kind } : {}) } });
      // After the session ended nothing was sent and nothing changes here: the panel asks to sign in again.
      if (id !== query.current || isSessionEnded(result)) return;
      if (result.kind === 'ok') {
        // The button goes away on the last page: its focus moves to the line that says so.
        focusEnd.current = before !== null && result.data.nextBefore === null;
        setKinds(result.data.kinds);
        setListing({ kind: 'ready', rows: [...previous, ...result.data.rows], nextBefore: result.data.nextBefore, more: 'idle' });
        return;
      }
      const message = result.kind === 'error' && result.message ? result.message : t.failed;
      if (before === null) setListing({ kind: 'failed', message });
      else setListing((l) => (l.kind === 'ready' ? { ...l, more: 'failed' } : l));
    },
    [read],
  );

  useEffect(() => {
    setListing({ kind: 'loading' });
    void load(action, null, []);
  }, [action, load]);

  useEffect(() => {
    if (focusEnd.current && listing.kind === 'ready') {
      focusEnd.current = false;
      endRef.current?.focus();
    }
  }, [listing]);

  let body;
  if (listing.kind !== 'ready')
    body = (
      <LoadState
        state={listing}
        loading={t.loading}
        retry={t.retry}
        onRetry={() => {
          setListing({ kind: 'loading' });
          void load(action, null, []);
        }}
      />
    );
  else if (listing.rows.length === 0) body = <p role="status">{t.empty}</p>;
  else
    body = (
      <>
        <div className="staff-table-wrap" role="region" aria-labelledby="auditoria-tabla" tabIndex={0}>
          <table ref={table} className="staff-table">
            <caption id="auditoria-tabla">{t.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.when}</th>
                <th scope="col">{t.who}</th>
                <th scope="col">{t.what}</th>
                <th scope="col">{t.record}</th>
              </tr>
            </thead>
            <tbody>
              {listing.rows.map((row) => (
                <tr key={row.id}>
                  <td className="staff-table__nowrap">
                    <time dateTime={row.at}>{bogotaDateTime(row.at)}</time>
                  </td>
                  <td>
                    {row.actorEmail}
                    {row.actorRoles.length ? <span className="staff-audit__roles">{staffRoleNames(row.actorRoles)}</span> : null}
                  </td>
                  <th scope="row">{actionLabel(row)}</th>
                  <td>{recordLabel(row)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="staff-more">
          <p role="status" ref={endRef} tabIndex={-1}>
            {t.shown(listing.rows.length)} {listing.nextBefore ? '' : t.end}
          </p>
          {listing.nextBefore ? (
            <button
              type="button"
              className="btn btn--ghost"
              disabled={listing.more === 'loading'}
              aria-busy={listing.more === 'loading' || undefined}
              onClick={() => {
                setListing({ ...listing, more: 'loading' });
                void load(action, listing.nextBefore, listing.rows);
              }}
            >
              {listing.more === 'loading' ? t.loadingMore : t.more}
            </button>
          ) : null}
          {listing.more === 'failed' ? (
            <p className="alert alert--error" role="alert">
              {t.failed}
            </p>
          ) : null}
        </div>
      </>
    );

  return (
    <section className="staff-screen" aria-labelledby="auditoria-titulo">
      <div>
        <h1 id="auditoria-titulo">{t.title}</h1>
        <p className="staff-screen__intro">{t.intro}</p>
      </div>
      <div className="staff-filter">
        <div className="field">
          <label htmlFor={filterId}>{t.filter}</label>
          <select id={filterId} value={action} onChange={(e) => setAction(e.target.value)}>
            <option value="">{t.allKinds}</option>
            {kinds.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {body}
    </section>
  );
}
