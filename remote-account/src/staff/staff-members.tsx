import '../account.css';
import 'shared/ui/staff/screens.css';
import './staff.css';
import { useMemo, useState } from 'react';
import type { ApiResult } from 'shared/api/client';
import { isSessionEnded } from 'shared/api/staff-client';
import { useOperationCall } from 'shared/api/use-operation';
import type { StaffMemberRow } from './team-schemas';
import { useStaffSession } from 'shared/staff-session';
import { staffRoleNames, type StaffRole } from 'shared/staff-roles';
import { SubmitErrors } from 'shared/ui/error-summary';
import { SubmitButton, TextField } from 'shared/ui/form';
import { failed, fieldsOf, sent, SubmissionForm, useFocusOnMount, useFormSubmission } from 'shared/ui/submission-form';
import { useZodForm } from 'shared/ui/use-zod-form';
import { ConfirmDialog } from 'shared/ui/staff/confirm-dialog';
import { StaffTable, useCellLabels } from 'shared/ui/staff/kit';
import { ResourceState, useStaffResource } from 'shared/ui/staff/resource';
import { accountStaffOperations as ops } from './operations';
import { bogotaDate } from './format';
import { membersTexts as t } from './members-texts';
import { inviteStaffRequestSchema, updateStaffRolesRequestSchema } from './schemas';
import { RoleChoices } from './role-choices';

type Notice = { text: string; detail?: string; n: number };
type Dialog =
  | { kind: 'remove'; member: StaffMemberRow; busy: boolean; error: string | null }
  | { kind: 'roles'; member: StaffMemberRow; busy: boolean; error: string | null }
  | { kind: 'secondFactor'; member: StaffMemberRow; busy: boolean; error: string | null }
  | { kind: 'reinvite'; member: StaffMemberRow; busy: boolean; error: string | null };

/** How the screen names a person: their name, or their address when the invitation had none (older rows). */
const nameOf = (m: Pick<StaffMemberRow, 'name' | 'email'>) => m.name ?? m.email;

/** The API's Spanish message for a failed call, or the screen's own for a network failure. */
const messageOf = (result: ApiResult<unknown>, fallback: string) =>
  result.kind === 'error' && result.message ? result.message : result.kind === 'network' ? t.network : fallback;

/** A result line that takes focus when it appears (after an invitation, a change or a removal). */
function NoticeLine({ text, detail }: { text: string; detail?: string | undefined }) {
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <div ref={ref} className="alert alert--success" role="status" tabIndex={-1}>
      <p>{text}</p>
      {detail ? <p>{detail}</p> : null}
    </div>
  );
}

function InviteForm({ onInvited }: { onInvited: (text: string, detail?: string) => void }) {
  const invite = useOperationCall(ops.invite);
  const empty = { email: '', name: '', roles: [] as StaffRole[] };
  const form = useZodForm(inviteStaffRequestSchema, { defaultValues: empty });
  const field = fieldsOf(form);
  const submission = useFormSubmission(form, async (values) => {
    // After the session ended nothing was sent: the same line as a network failure, as before.
    const result = await invite({ body: values });
    if (result.kind !== 'ok') return failed(messageOf(result, t.network), { fields: result.kind === 'error' ? result.fields : undefined });
    form.reset(empty);
    // A former member's address has an account, which is theirs: the plain "invited again" says what happens to it.
    if (result.data.rejoined) onInvited(t.rejoined(result.data.email));
    else onInvited(t.invited(result.data.email, result.data.renewed), result.data.existingAccount ? t.existingAccount : undefined);
    return sent(result.data);
  });
  return (
    <section className="card staff-invite" aria-labelledby="invitar">
      <SubmissionForm
        className="form"
        honeypot={false}
        submission={submission}
        aria-labelledby="invitar"
        header={<h2 id="invitar">{t.inviteTitle}</h2>}
        summary={<SubmitErrors form={form} submission={submission} />}
      >
        <TextField label={t.inviteEmail} type="email" autoComplete="off" inputMode="email" required {...field('email')} />
        <TextField label={t.inviteName} autoComplete="off" required {...field('name')} />
        <RoleChoices legend={t.rolesLegend} {...field('roles')} />
        <div className="auth-actions">
          <SubmitButton busy={submission.busy} busyLabel={t.inviteBusy}>
            {t.inviteSubmit}
          </SubmitButton>
        </div>
      </SubmissionForm>
    </section>
  );
}

/** The roles dialog's form: the member's roles as checkboxes, saved by the dialog's own confirm button. */
function RolesDialog({
  dialog,
  onSaved,
  onCancel,
  onState,
}: {
  dialog: Extract<Dialog, { kind: 'roles' }>;
  onSaved: (roles: StaffRole[]) => void;
  onCancel: () => void;
  onState: (busy: boolean, error: string | null) => void;
}) {
  const update = useOperationCall(ops.updateRoles);
  const form = useZodForm(updateStaffRolesRequestSchema, {
    defaultValues: { roles: dialog.member.roles, name: dialog.member.name ?? '' },
  });
  const field = fieldsOf(form);
  const save = form.handleSubmit(async (values) => {
    onState(true, null);
    const result = await update({ params: { email: dialog.member.email }, body: values });
    if (result.kind === 'ok') onSaved(result.data.roles);
    else onState(false, messageOf(result, t.network));
  });
  return (
    <ConfirmDialog
      title={t.rolesTitle(dialog.member.email)}
      confirmLabel={t.rolesSave}
      busyLabel={t.rolesBusy}
      cancelLabel={t.cancel}
      busy={dialog.busy}
      error={dialog.error}
      onConfirm={() => void save()}
      onCancel={onCancel}
    >
      <TextField label={t.inviteName} autoComplete="off" required {...field('name')} />
      <RoleChoices legend={t.rolesLegend} {...field('roles')} />
    </ConfirmDialog>
  );
}

/**
 * "Invitar de nuevo" for a former member: the same invitation as a new person's (name and roles, prefilled with what
 * they had, both editable), sent by the dialog's own confirm button.
 */
function ReinviteDialog({
  dialog,
  onInvited,
  onCancel,
  onState,
}: {
  dialog: Extract<Dialog, { kind: 'reinvite' }>;
  onInvited: (email: string) => void;
  onCancel: () => void;
  onState: (busy: boolean, error: string | null) => void;
}) {
  const invite = useOperationCall(ops.invite);
  const { member } = dialog;
  const form = useZodForm(inviteStaffRequestSchema, {
    defaultValues: { email: member.email, name: member.name ?? '', roles: member.roles },
  });
  const field = fieldsOf(form);
  const send = form.handleSubmit(async (values) => {
    onState(true, null);
    const result = await invite({ body: values });
    if (result.kind === 'ok') onInvited(result.data.email);
    else onState(false, messageOf(result, t.network));
  });
  return (
    <ConfirmDialog
      title={t.reinviteTitle(member.email)}
      confirmLabel={t.reinviteSubmit}
      busyLabel={t.inviteBusy}
      cancelLabel={t.cancel}
      busy={dialog.busy}
      error={dialog.error}
      onConfirm={() => void send()}
      onCancel={onCancel}
    >
      <TextField label={t.inviteName} autoComplete="off" required {...field('name')} />
      <RoleChoices legend={t.rolesLegend} {...field('roles')} />
    </ConfirmDialog>
  );
}

function stateOf(m: StaffMemberRow): { text: string; ok: boolean } {
  if (m.status === 'invited') return { text: t.pending(m.invitationExpiresAt ? bogotaDate(m.invitationExpiresAt) : '—'), ok: false };
  if (!m.enabled) return { text: t.disabled, ok: false };
  if (m.emailChanged) return { text: t.emailChanged, ok: false };
  if (!m.totp) return { text: t.totpOff, ok: false };
  return { text: t.active, ok: true };
}

/**
 * `account/StaffMembers` (administration): who has access to the panel and with which roles, pending invitations,
 * the invitation form, role changes, and removal or cancellation after a confirmation. The API refuses anyone without
 * the administration role, removing oneself and dropping one's own administration.
 */
export default function StaffMembers() {
  const session = useStaffSession();
  const remove = useOperationCall(ops.remove);
  const invite = useOperationCall(ops.invite);
  const list = useOperationCall(ops.members);
  const resource = useStaffResource(
    useMemo(() => ({ load: () => list() }), [list]),
    t,
  );
  const everyone = resource.data?.members;
  const members = everyone?.filter((m) => m.status !== 'removed');
  const former = everyone?.filter((m) => m.status === 'removed') ?? [];
  const resetSecondFactor = useOperationCall(ops.resetSecondFactor);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const table = useCellLabels();

  const announce = (text: string, detail?: string) => {
    setNotice((prev) => ({ text, ...(detail ? { detail } : {}), n: (prev?.n ?? 0) + 1 }));
    void resource.refresh();
  };

  const confirmRemoval = async () => {
    if (dialog?.kind !== 'remove') return;
    const { member } = dialog;
    setDialog({ ...dialog, busy: true, error: null });
    const result = await remove({ params: { email: member.email } });
    // The session ended: nothing was sent, the dialog closes (the panel says to sign in again).
    if (isSessionEnded(result)) return setDialog(null);
    if (result.kind === 'ok') {
      setDialog(null);
      announce(result.data.wasInvitation ? t.invitationCancelled(member.email) : t.removed(member.email));
    } else setDialog({ ...dialog, busy: false, error: messageOf(result, t.network) });
  };

  const confirmReset = async () => {
    if (dialog?.kind !== 'secondFactor') return;
    const { member } = dialog;
    setDialog({ ...dialog, busy: true, error: null });
    const result = await resetSecondFactor({ params: { email: member.email } });
    if (isSessionEnded(result)) return setDialog(null);
    if (result.kind === 'ok') {
      setDialog(null);
      announce(t.secondFactorReset(nameOf(member)));
    } else setDialog({ ...dialog, busy: false, error: messageOf(result, t.network) });
  };

  const resend = async (member: StaffMemberRow) => {
    const result = await invite({ body: { email: member.email, name: member.name ?? '', roles: member.roles } });
    if (isSessionEnded(result)) return;
    if (result.kind === 'ok') announce(t.invited(member.email, result.data.renewed));
    else announce(messageOf(result, t.network));
  };

  const me = session.email.toLowerCase();
  let body;
  if (!members) body = <ResourceState resource={resource} loading={t.loading} retry={t.retry} />;
  else if (members.length === 0) body = <p>{t.empty}</p>;
  else
    body = (
      <div className="staff-table-wrap" role="region" aria-labelledby="equipo-tabla" tabIndex={0}>
        <table ref={table} className="staff-table">
          <caption id="equipo-tabla">{t.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.email}</th>
              <th scope="col">{t.name}</th>
              <th scope="col">{t.roles}</th>
              <th scope="col">{t.state}</th>
              <th scope="col">{t.actions}</th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => {
              const self = m.email.toLowerCase() === me;
              const state = stateOf(m);
              const pending = m.status === 'invited';
              return (
                <tr key={m.email}>
                  <th scope="row">
                    {m.email}
                    {self ? t.you : ''}
                  </th>
                  <td>{nameOf(m)}</td>
                  <td>{staffRoleNames(m.roles)}</td>
                  <td>
                    <span className={`staff-tag ${state.ok ? 'staff-tag--ok' : 'staff-tag--warn'}`}>{state.text}</span>
                  </td>
                  <td className="staff-actions">
                    <button
                      type="button"
                      className="btn btn--ghost staff-button-small"
                      aria-label={t.changeRolesLabel(m.email)}
                      onClick={() => setDialog({ kind: 'roles', member: m, busy: false, error: null })}
                    >
                      {t.changeRoles}
                    </button>
                    {!self && m.status === 'active' && m.totp ? (
                      <button
                        type="button"
                        className="btn btn--ghost staff-button-small"
                        aria-label={t.resetSecondFactorLabel(nameOf(m))}
                        onClick={() => setDialog({ kind: 'secondFactor', member: m, busy: false, error: null })}
                      >
                        {t.resetSecondFactor}
                      </button>
                    ) : null}
                    {pending ? (
                      <button
                        type="button"
                        className="btn btn--ghost staff-button-small"
                        aria-label={t.resendLabel(m.email)}
                        onClick={() => void resend(m)}
                      >
                        {t.resend}
                      </button>
                    ) : null}
                    {self ? null : (
                      <button
                        type="button"
                        className="btn btn--ghost staff-button-small"
                        aria-label={pending ? t.cancelInvitationLabel(m.email) : t.removeLabel(m.email)}
                        onClick={() => setDialog({ kind: 'remove', member: m, busy: false, error: null })}
                      >
                        {pending ? t.cancelInvitation : t.remove}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );

  const formerTable =
    former.length > 0 ? (
      <section aria-labelledby="equipo-retirados">
        <h2 id="equipo-retirados">{t.removedTitle}</h2>
        <p className="staff-screen__intro">{t.removedIntro}</p>
        <StaffTable caption={t.removedCaption} columns={[t.email, t.name, t.formerRoles, t.actions]}>
          {former.map((m) => (
            <tr key={m.email}>
              <th scope="row">{m.email}</th>
              <td>{nameOf(m)}</td>
              <td>{staffRoleNames(m.roles)}</td>
              <td className="staff-actions">
                <button
                  type="button"
                  className="btn btn--ghost staff-button-small"
                  aria-label={t.reinviteLabel(nameOf(m))}
                  onClick={() => setDialog({ kind: 'reinvite', member: m, busy: false, error: null })}
                >
                  {t.reinvite}
                </button>
              </td>
            </tr>
          ))}
        </StaffTable>
      </section>
    ) : null;

  const removing = dialog?.kind === 'remove' ? dialog : null;
  const cancelling = removing?.member.status === 'invited';
  return (
    <section className="staff-screen" aria-labelledby="equipo-titulo">
      <div>
        <h1 id="equipo-titulo">{t.title}</h1>
        <p className="staff-screen__intro">{t.intro}</p>
      </div>
      {notice ? <NoticeLine key={notice.n} text={notice.text} detail={notice.detail} /> : null}
      {body}
      {formerTable}
      <InviteForm onInvited={announce} />
      {removing ? (
        <ConfirmDialog
          title={cancelling ? t.cancelTitle : t.confirmTitle}
          confirmLabel={cancelling ? t.cancelYes : t.confirmYes}
          busyLabel={cancelling ? t.cancelBusy : t.confirmBusy}
          cancelLabel={t.cancel}
          busy={removing.busy}
          error={removing.error}
          onConfirm={() => void confirmRemoval()}
          onCancel={() => setDialog(null)}
        >
          <p>{cancelling ? t.cancelBody(removing.member.email) : t.confirmBody(removing.member.email)}</p>
        </ConfirmDialog>
      ) : null}
      {dialog?.kind === 'secondFactor' ? (
        <ConfirmDialog
          title={t.resetTitle}
          confirmLabel={t.resetYes}
          busyLabel={t.resetBusy}
          cancelLabel={t.cancel}
          busy={dialog.busy}
          error={dialog.error}
          onConfirm={() => void confirmReset()}
          onCancel={() => setDialog(null)}
        >
          <p>{t.resetBody(nameOf(dialog.member), dialog.member.email)}</p>
        </ConfirmDialog>
      ) : null}
      {dialog?.kind === 'reinvite' ? (
        <ReinviteDialog
          dialog={dialog}
          onCancel={() => setDialog(null)}
          onState={(busy, error) => setDialog({ ...dialog, busy, error })}
          onInvited={(email) => {
            setDialog(null);
            announce(t.rejoined(email));
          }}
        />
      ) : null}
      {dialog?.kind === 'roles' ? (
        <RolesDialog
          dialog={dialog}
          onCancel={() => setDialog(null)}
          onState={(busy, error) => setDialog({ ...dialog, busy, error })}
          onSaved={(roles) => {
            setDialog(null);
            announce(t.rolesChanged(dialog.member.email, staffRoleNames(roles)));
          }}
        />
      ) : null}
    </section>
  );
}
