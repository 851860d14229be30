import { useId, useMemo, useState } from 'react';
import { useOperationCall } from 'shared/api/use-operation';
import { holdsAnyRole } from 'shared/staff-roles';
import { useStaffSession } from 'shared/staff-session';
import { myNoticesOperations, newCaseNoticeRoles } from 'shared/today/notice-operations';
import { resourceTexts, ResourceState, useStaffResource } from 'shared/ui/staff/resource';
import { messageOf } from 'shared/ui/staff/kit';

export const newCaseNoticesTexts = {
  title: 'Avisos por correo',
  label: 'Avisarme por correo de cada PQRSF o solicitud nueva de mis secciones',
  hint: 'Sin datos de quien la radicó: el correo trae el radicado, el tipo, las fechas y el enlace al caso. El resumen diario de lo que vence pronto te sigue llegando.',
  loading: 'Revisando tus avisos…',
  failed: 'No pudimos revisar tus avisos por correo.',
  saving: 'Guardando…',
  savedOn: 'Guardado: te avisaremos por correo de cada caso nuevo de tus secciones.',
  savedOff: 'Guardado: ya no te avisaremos por correo de cada caso nuevo. El resumen diario sigue llegando.',
  saveFailed: 'No pudimos guardar tu elección. Intenta de nuevo.',
} as const;
const t = newCaseNoticesTexts;

/**
 * "Hoy"'s choice of an e-mail for each new case (#28), for the members who receive them (atención, datos). The choice
 * is saved as it is ticked; what happened is said in a live region beside it, so focus stays on the box.
 */
export function NewCaseNotices() {
  const session = useStaffSession();
  return holdsAnyRole(session.roles, newCaseNoticeRoles) ? <NoticesChoice /> : null;
}

function NoticesChoice() {
  const id = useId();
  const read = useOperationCall(myNoticesOperations.read);
  const update = useOperationCall(myNoticesOperations.update);
  const loader = useMemo(() => ({ load: () => read() }), [read]);
  const resource = useStaffResource(loader, t);
  const [saving, setSaving] = useState(false);
  const [said, setSaid] = useState<{ text: string; error: boolean } | null>(null);

  const choose = async (newCases: boolean) => {
    setSaving(true);
    setSaid({ text: t.saving, error: false });
    const result = await update({ body: { newCases } });
    setSaving(false);
    if (result.kind === 'ok') {
      resource.set(result.data);
      setSaid({ text: result.data.newCases ? t.savedOn : t.savedOff, error: false });
    } else setSaid({ text: messageOf(result, resourceTexts.network, t.saveFailed), error: true });
  };

  return (
    <section aria-labelledby={`${id}-titulo`} className="staff-today__notices">
      <h2 id={`${id}-titulo`}>{t.title}</h2>
      <ResourceState resource={resource} loading={t.loading} />
      {resource.data ? (
        <div className="staff-today__choice">
          <input
            id={`${id}-casos`}
            type="checkbox"
            checked={resource.data.newCases}
            disabled={saving}
            aria-describedby={`${id}-pista`}
            onChange={(e) => void choose(e.target.checked)}
          />
          <label htmlFor={`${id}-casos`}>{t.label}</label>
          <p id={`${id}-pista`} className="staff-screen__intro">
            {t.hint}
          </p>
        </div>
      ) : null}
      {/* Always in the page, so a screen reader announces each change of its text. */}
      <p role="status" className="staff-today__saved">
        {said && !said.error ? said.text : ''}
      </p>
      {said?.error ? (
        <p role="alert" className="form-message form-message--error">
          {said.text}
        </p>
      ) : null}
    </section>
  );
}
