// The team screen's forms and dialogs (invite, roles and name, invite again) and the helpers they share with it
// (staff-members.tsx), apart so the screen stays readable.
import type { ApiResult } from 'shared/api/client';
import { useOperationCall } from 'shared/api/use-operation';
import type { StaffMemberRow } from './team-schemas';
import type { StaffRole } from 'shared/staff-roles';
import { SubmitErrors } from 'shared/ui/error-summary';
import { SubmitButton, TextField } from 'shared/ui/form';
import { failed, fieldsOf, sent, SubmissionForm, useFocusOnMount, useFormSubmission } from 'shared/ui/submission-form';
import { useZodForm } from 'shared/ui/use-zod-form';
import { ConfirmDialog } from 'shared/ui/staff/confirm-dialog';
import { accountStaffOperations as ops } from './operations';
import { membersTexts as t } from './members-texts';
import { inviteStaffRequestSchema, updateStaffRolesRequestSchema } from './schemas';
import { RoleChoices } from './role-choices';

/** The member screen's open dialog: which, for whom, and its state. */
export type Dialog =
  | { kind: 'remove'; member: StaffMemberRow; busy: boolean; error: string | null }
  | { kind: 'roles'; member: StaffMemberRow; busy: boolean; error: string | null }
  | { kind: 'secondFactor'; member: StaffMemberRow; busy: boolean; error: string | null }
  | { kind: 'reinvite'; member: StaffMemberRow; busy: boolean; error: string | null };

export const nameOf = (m: Pick<StaffMemberRow, 'name' | 'email'>) => m.name ?? m.email;

/** The API's Spanish message for a failed call, or the screen's own for a network failure. */
export const messageOf = (result: ApiResult<unknown>, fallback: string) =>
  result.kind === 'error' && result.message ? result.message : result.kind === 'network' ? t.network : fallback;

/** A result line that takes focus when it appears (after an invitation, a change or a removal). */
export function NoticeLine({ text, detail }: { text: string; detail?: string | undefined }) {
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <div ref={ref} className="alert alert--success" role="status" tabIndex={-1}>
      <p>{text}</p>
      {detail ? <p>{detail}</p> : null}
    </div>
  );
}

export function InviteForm({ onInvited }: { onInvited: (text: string, detail?: string) => void }) {
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
export function RolesDialog({
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
export function ReinviteDialog({
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
