import { useEffect, useState } from 'react';
import { useOperationCall } from 'shared/api/use-operation';
import { formatLongDate } from 'shared/format/dates';
import { publicCohortTexts as cohortTexts, type PublicCohort } from './public-schemas';
import { cohortsOperations } from './operations';

export const cohortStartTexts = {
  loading: 'Consultando la próxima fecha…',
  unknown: 'No pudimos consultar la fecha de inicio. Recarga la página para intentarlo de nuevo.',
  full: cohortTexts.fullShort,
  fullNote: (date: string) =>
    `La cohorte que inicia el ${date} ya no tiene cupos. Próximamente anunciaremos una nueva fecha de inicio: no es posible pagar por ahora.`,
  none: cohortTexts.noCohort,
  noneNote: `${cohortTexts.noCohort} Por ahora no es posible inscribirse ni pagar.`,
  seatsLeft: (n: number) => (n === 1 ? 'Queda 1 cupo' : `Quedan ${n} cupos`),
  seatsLoading: 'Consultando…',
  seatsUnknown: 'No disponible',
  seatsNone: 'Por anunciar',
  seatsFull: 'Ninguno disponible',
} as const;

/** What a course screen knows of its next cohort: still asking, the cohort (null: none announced), or unknown. */
export type NextCohortState = { kind: 'loading' } | { kind: 'ready'; cohort: PublicCohort | null } | { kind: 'unknown' };

/** The course's next open cohort, read once when the screen opens (an answer after it closed is dropped). */
export function useNextCohort(slug: string): NextCohortState {
  const nextCohorts = useOperationCall(cohortsOperations.nextCohorts);
  const [state, setState] = useState<NextCohortState>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    void nextCohorts().then((res) => {
      if (live) setState(res.kind === 'ok' ? { kind: 'ready', cohort: res.data.courses[slug] ?? null } : { kind: 'unknown' });
    });
    return () => {
      live = false;
    };
  }, [nextCohorts, slug]);
  return state;
}

/** Whether the visitor can pay now: an announced cohort with seats left. */
export function canEnrol(state: NextCohortState): state is { kind: 'ready'; cohort: PublicCohort } {
  return state.kind === 'ready' && state.cohort !== null && !state.cohort.full;
}

/** The start date as a course fact: the next open cohort's date, "Cupos agotados" beside it when full, or the announcement. */
export function CohortStart({ state }: { state: NextCohortState }) {
  if (state.kind === 'loading') return <span className="muted">{cohortStartTexts.loading}</span>;
  if (state.kind === 'unknown') return <span>{cohortStartTexts.unknown}</span>;
  if (!state.cohort) return <span>{cohortStartTexts.none}</span>;
  const date = formatLongDate(state.cohort.start_date);
  return state.cohort.full ? (
    <>
      {date} <strong className="cohort-full">({cohortStartTexts.full})</strong>
    </>
  ) : (
    <>{date}</>
  );
}

/**
 * The seats as a course fact. Always present, whatever the cohort's state, so the facts below it do not move when the
 * date arrives after the page has painted (the page comes rendered from the server, the date from the browser).
 */
export function SeatsLeft({ state }: { state: NextCohortState }) {
  if (state.kind === 'loading') return <span className="muted">{cohortStartTexts.seatsLoading}</span>;
  if (state.kind === 'unknown') return <span>{cohortStartTexts.seatsUnknown}</span>;
  if (!state.cohort) return <span>{cohortStartTexts.seatsNone}</span>;
  return <span>{state.cohort.full ? cohortStartTexts.seatsFull : cohortStartTexts.seatsLeft(state.cohort.seats_left)}</span>;
}
