import '../state/submissions-slice';
import '../community.css';
import { formatColombianDateTime, formatLongDate } from 'shared/format/dates';
import { AppLink } from 'shared/navigation';
import { documentTypes, requestTypes, senderTypes } from 'shared/schemas/common';
import { pqrsfSchema } from 'shared/schemas/community';
import { SelectField, SubmitButton, TextAreaField, TextField } from 'shared/ui/form';
import { PageFrame } from 'shared/ui/page-frame';
import { useZodForm } from 'shared/ui/use-zod-form';
import { FormSection, PrivacyNote } from '../components/page-parts';
import { StoredMessage, SubmissionForm, useSubmission } from '../components/submission';
import { lookupTexts, pqrsfTexts as t } from '../texts';

interface FiledAnswer {
  id?: string;
  status?: string;
  createdAt?: string;
  dueDate?: string;
  termDays?: number;
}

/**
 * PQRSF filing (spec §3): the server assigns the radicado, the status and the legal deadline. The number is shown
 * only once the request is stored; a failure says so and offers a retry, never a made-up number.
 */
export default function PqrsfPage() {
  const form = useZodForm(pqrsfSchema, { shouldFocusError: false });
  const { register, formState } = form;
  const e = formState.errors;
  const submission = useSubmission(form, {
    form: 'pqrsf',
    path: '/api/community/pqrsf',
    idOf: (a: FiledAnswer) => a.id,
    failed: t.failed,
    network: t.network,
  });

  const aside = (
    <>
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
    </>
  );

  return (
    <PageFrame title={t.title} intro={<p>{t.intro}</p>}>
      <FormSection id="radicar" title={t.formTitle} intro={t.formIntro} aside={aside}>
        <SubmissionForm
          form={form}
          submission={submission}
          label={t.formTitle}
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
            <SelectField label="Tipo de vínculo" required options={senderTypes} error={e.rol_type?.message} {...register('rol_type')} />
            <SelectField
              label="Tipo de solicitud"
              required
              options={requestTypes}
              hint={t.requestTypeHint}
              error={e.request_type?.message}
              {...register('request_type')}
            />
            <TextField label="Nombres" required autoComplete="given-name" error={e.name?.message} {...register('name')} />
            <TextField label="Apellidos" required autoComplete="family-name" error={e.lastname?.message} {...register('lastname')} />
            <SelectField label="Tipo de documento" required options={documentTypes} error={e.id_type?.message} {...register('id_type')} />
            <TextField label="Número de documento" required inputMode="numeric" error={e.id_number?.message} {...register('id_number')} />
            <TextField
              label="Teléfono"
              required
              type="tel"
              autoComplete="tel"
              error={e.phone_number?.message}
              {...register('phone_number')}
            />
            <TextField
              label="Correo electrónico"
              required
              type="email"
              autoComplete="email"
              hint="Te enviaremos el número de radicado a este correo."
              error={e.email?.message}
              {...register('email')}
            />
          </div>
          <TextAreaField label="Describe tu solicitud" required rows={6} error={e.reviews?.message} {...register('reviews')} />
          <div className="form-actions">
            <SubmitButton busy={submission.busy} className="btn btn--accent" busyLabel={t.sending}>
              {t.send}
            </SubmitButton>
          </div>
          <PrivacyNote />
        </SubmissionForm>
      </FormSection>
    </PageFrame>
  );
}
