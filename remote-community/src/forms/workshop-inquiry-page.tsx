import '../state/submissions-slice';
import '../community.css';
import type { ReactNode } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import { useOperationCall } from 'shared/api/use-operation';
import { AppLink, Static } from 'shared/navigation';
import { occupations } from 'shared/schemas/common';
import {
  arteDeAmarteInquirySchema,
  communityTexts,
  guestTypes,
  valeSerInquirySchema,
  yesNo,
  type ArteDeAmarteInquiryInput,
  type ValeSerInquiryInput,
  type WorkshopSlug,
} from './schemas';
import { SelectField, TextAreaField, TextField } from 'shared/ui/form';
import { fieldsOf } from 'shared/ui/submission-form';
import { PageFrame } from 'shared/ui/page-frame';
import { useZodForm } from 'shared/ui/use-zod-form';
import { ChoiceGroup } from '../components/choice-group';
import { formsOperations, type ArteDeAmarteBody, type InquiryBody, type ValeSerBody } from './operations';
import { FormSection } from '../components/page-parts';
import { useFormIsland, useServedChoices } from 'shared/islands';
import { CommunityForm, StoredMessage, useSubmission } from '../components/submission';
import { workshopOf, workshopPageTexts as p, workshops } from './texts';
import { workshopInquiryConsent } from '../../manifest/consent';

/** The inquiry's send for one workshop, as `useSubmission` takes it. */
function useInquirySubmission<V extends FieldValues, O extends InquiryBody>(form: UseFormReturn<V, unknown, O>, slug: WorkshopSlug) {
  const arteDeAmarte = useOperationCall(formsOperations.arteDeAmarteInquiry);
  const valeSer = useOperationCall(formsOperations.valeSerInquiry);
  return useSubmission(form, {
    form: `${slug}-consulta`,
    // The form of a slug fills that slug's schema: the cast only tells the compiler what the caller pairs.
    send: (body: O) =>
      slug === 'arte-de-amarte' ? arteDeAmarte({ body: body as ArteDeAmarteBody }) : valeSer({ body: body as ValeSerBody }),
    idOf: (a) => a.id,
    failed: communityTexts.inquiryFailed,
    network: communityTexts.inquiryNetwork,
  });
}

/** What every inquiry form shows around its fields: the kit's community form, stored with the inquiry's number. */
function InquiryForm<V extends FieldValues, O extends InquiryBody>({
  form,
  slug,
  title,
  children,
}: {
  form: UseFormReturn<V, unknown, O>;
  slug: WorkshopSlug;
  title: string;
  children: ReactNode;
}) {
  const submission = useInquirySubmission(form, slug);
  return (
    <CommunityForm
      consent={workshopInquiryConsent}
      form={form}
      submission={submission}
      label={title}
      submitLabel="Enviar consulta"
      stored={(record) => (
        <StoredMessage title={communityTexts.inquirySuccess}>
          <p>{p.reference(record.id)}</p>
        </StoredMessage>
      )}
    >
      {children}
    </CommunityForm>
  );
}

const titleOf = (slug: WorkshopSlug) => p.inquiryTitle(workshops[slug].title);

/** Arte de Amarte inquiry (spec §3): a teacher for their students or a parent for their child. */
function ArteDeAmarteForm() {
  const title = titleOf('arte-de-amarte');
  // Not typed by the schema: a value read from the served radios, checked by the schema on submit.
  const served = useServedChoices(['guest_type']) as DefaultValues<ArteDeAmarteInquiryInput> | undefined;
  const form = useZodForm(arteDeAmarteInquirySchema, { shouldFocusError: false, defaultValues: served });
  const field = fieldsOf(form);
  return (
    <InquiryForm form={form} slug="arte-de-amarte" title={title}>
      <ChoiceGroup legend="¿Quién eres?" required options={guestTypes} {...field('guest_type')} />
      <div className="form-grid">
        <TextField label="Nombre completo" required autoComplete="name" {...field('full_name')} />
        <TextField label="Teléfono" required type="tel" autoComplete="tel" {...field('phone_number')} />
        <TextField label="Correo electrónico" required type="email" autoComplete="email" {...field('email')} />
      </div>
      <TextAreaField
        label="Tu consulta"
        required
        hint="Por ejemplo: el colegio o la edad de los niños, y las fechas que te interesan."
        {...field('comments_query')}
      />
    </InquiryForm>
  );
}

/** Vale Ser inquiry (spec §3). */
function ValeSerForm() {
  const title = titleOf('vale-ser');
  // Not typed by the schema: a value read from the served radios, checked by the schema on submit.
  const served = useServedChoices(['empowerment_course']) as DefaultValues<ValeSerInquiryInput> | undefined;
  const form = useZodForm(valeSerInquirySchema, { shouldFocusError: false, defaultValues: served });
  const field = fieldsOf(form);
  return (
    <InquiryForm form={form} slug="vale-ser" title={title}>
      <div className="form-grid">
        <TextField label="Nombre" required autoComplete="given-name" {...field('first_name')} />
        <TextField label="Apellido" required autoComplete="family-name" {...field('last_name')} />
        <TextField label="Teléfono" required type="tel" autoComplete="tel" {...field('phone_number')} />
        <TextField label="Correo electrónico" required type="email" autoComplete="email" {...field('email')} />
        <SelectField label="Ocupación" required options={occupations} {...field('occupation')} />
        <TextField
          label="¿Cómo te enteraste del taller?"
          required
          hint="Redes sociales, una amiga, tu empresa…"
          {...field('referral_source')}
        />
      </div>
      <ChoiceGroup
        legend="¿Has tomado antes un curso de empoderamiento?"
        required
        inline
        options={yesNo}
        {...field('empowerment_course')}
      />
      <TextAreaField label="Tu consulta" required {...field('comments_query')} />
    </InquiryForm>
  );
}

/**
 * Workshop inquiry forms (/vale-ser/consulta, /arte-de-amarte/consulta): one screen, each workshop's own fields. On the
 * served page (#33) the summary and the facts are adopted as served (`Static`: fixed texts and a plain link) and the
 * form is an island (shared/islands `useFormIsland`): it hydrates on the first sign of use in its card or once the browser
 * is idle. Reached by client navigation, everything renders at once.
 */
export default function WorkshopInquiryPage({ workshop = '' }: { workshop?: string }) {
  const slug = workshopOf(workshop);
  const w = workshops[slug];
  const { area, island } = useFormIsland(slug === 'arte-de-amarte' ? ArteDeAmarteForm : ValeSerForm);
  return (
    <PageFrame
      title={titleOf(slug)}
      intro={
        <Static name="consulta-resumen">
          <p>{w.summary}</p>
        </Static>
      }
    >
      <FormSection
        id="consulta"
        title="Envíanos tu consulta"
        intro={w.inquiryIntro}
        cardRef={area}
        aside={
          <Static name="consulta-datos">
            <dl className="type-list">
              {w.facts.map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            <p>
              <AppLink to={`/${slug}`}>{p.back(w.title)}</AppLink>
            </p>
          </Static>
        }
      >
        {island}
      </FormSection>
    </PageFrame>
  );
}
