import { useFormIsland } from 'shared/islands';
import '../state/submissions-slice';
import '../community.css';
import { formatColombianDateTime, formatLongDate } from 'shared/format/dates';
import { AppLink, Static } from 'shared/navigation';
import { documentTypesWithNit, requestTypes, senderTypes } from 'shared/schemas/common';
import { pqrsfSchema } from './schemas';
import { SelectField, TextAreaField, TextField } from 'shared/ui/form';
import { fieldsOf } from 'shared/ui/submission-form';
import { PageFrame } from 'shared/ui/page-frame';
import { useZodForm } from 'shared/ui/use-zod-form';
import { useOperationCall } from 'shared/api/use-operation';
import { pqrsfOperations } from './operations';
import { FormSection } from '../components/page-parts';
import { CommunityForm, StoredMessage, useSubmission } from '../components/submission';
import { lookupTexts, pqrsfTexts as t } from './texts';
import { pqrsfConsent } from '../../manifest/consent';

/**
 * PQRSF filing (spec §3): the server assigns the radicado, the status and the legal deadline. The number is shown
 * only once the request is stored; a failure says so and offers a retry, never a made-up number.
 *
 * Pay only for what is interactive (#33): on the page the server rendered, the intro and the aside (the types, a
 * native <details>, and plain links the shell's interception navigates) are adopted as served (`Static`), and the form
 * is an island (shared/islands `useFormIsland`): it hydrates on the first sign of use in its card or once the browser is
 * idle. Reached by client navigation, everything renders at once.
 */
export default function PqrsfPage() {
  const { area, island } = useFormIsland(PqrsfForm);
  const aside = (
    <Static name="pqrsf-ayuda">
      <details className="type-details">
        <summary>{t.typesTitle}</summary>
        <dl className="type-list">
          {t.types.map(([type, text]) => (
            <div key={type}>
              <dt>{type}</dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
      </details>
      <p className="due-note">{t.termsNote}</p>
      <p>
        <AppLink to="/consultar-solicitud#radicado">{t.lookupLink}</AppLink>
      </p>
    </Static>
  );

  return (
    <PageFrame
      title={t.title}
      intro={
        <Static name="pqrsf-intro">
          <p>{t.intro}</p>
        </Static>
      }
    >
      <FormSection id="radicar" title={t.formTitle} intro={t.formIntro} aside={aside} cardRef={area}>
        {island}
      </FormSection>
    </PageFrame>
  );
}

/**
 * The filing form and, once stored, its radicado. No default values: react-hook-form then reads each field from the
 * document when it registers, so a choice or text entered before the island hydrated is kept.
 */
function PqrsfForm() {
  const form = useZodForm(pqrsfSchema, { shouldFocusError: false });
  const file = useOperationCall(pqrsfOperations.file);
  const field = fieldsOf(form);
  const submission = useSubmission(form, {
    form: 'pqrsf',
    send: (body) => file({ body }),
    idOf: (a) => a.id,
    failed: t.failed,
    network: t.network,
  });

  return (
    <CommunityForm
      consent={pqrsfConsent}
      form={form}
      submission={submission}
      label={t.formTitle}
      submitLabel={t.send}
      busyLabel={t.sending}
      stored={(outcome) => (
        <StoredMessage
          title={t.stored(outcome.id)}
          action={
            <AppLink className="btn btn--small" to="/consultar-solicitud#radicado">
              {t.lookupLink}
            </AppLink>
          }
        >
          <p className="stored-message__number" data-testid="radicado">
            {outcome.id}
          </p>
          <p>{t.storedDetails}</p>
          <dl className="type-list">
            <div>
              <dt>{lookupTexts.columns.status}</dt>
              <dd>{outcome.answer.status}</dd>
            </div>
            {outcome.answer.createdAt ? (
              <div>
                <dt>{lookupTexts.columns.createdAt}</dt>
                <dd>{formatColombianDateTime(outcome.answer.createdAt)}</dd>
              </div>
            ) : null}
            {outcome.answer.dueDate ? (
              <div>
                <dt>Fecha límite de respuesta</dt>
                <dd>
                  {formatLongDate(outcome.answer.dueDate)} ({outcome.answer.termDays} días hábiles)
                </dd>
              </div>
            ) : null}
          </dl>
        </StoredMessage>
      )}
    >
      <div className="form-grid">
        <SelectField label="Tipo de vínculo" required options={senderTypes} {...field('rol_type')} />
        <SelectField label="Tipo de solicitud" required options={requestTypes} hint={t.requestTypeHint} {...field('request_type')} />
        <TextField label="Nombres" required autoComplete="given-name" {...field('name')} />
        <TextField label="Apellidos" required autoComplete="family-name" {...field('lastname')} />
        <SelectField label="Tipo de documento" required options={documentTypesWithNit} {...field('id_type')} />
        <TextField label="Número de documento" required inputMode="numeric" {...field('id_number')} />
        <TextField label="Teléfono" required type="tel" autoComplete="tel" {...field('phone_number')} />
        <TextField
          label="Correo electrónico"
          required
          type="email"
          autoComplete="email"
          hint="Te enviaremos el número de radicado a este correo."
          {...field('email')}
        />
      </div>
      <TextAreaField label="Describe tu solicitud" required rows={6} {...field('reviews')} />
    </CommunityForm>
  );
}
