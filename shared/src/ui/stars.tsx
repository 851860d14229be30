export interface StarsProps {
  value: number;
  max?: number;
}

/** A star rating read as one phrase ("4 de 5 estrellas") instead of a row of symbols. */
export function Stars({ value, max = 5 }: StarsProps) {
  const filled = Math.max(0, Math.min(max, Math.round(value)));
  return (
    <span className="stars" role="img" aria-label={`Calificación: ${filled} de ${max} estrellas`}>
      {Array.from({ length: max }, (_, i) => (
        <svg
          key={i}
          className={i < filled ? 'star is-filled' : 'star'}
          viewBox="0 0 20 20"
          width="20"
          height="20"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.8z" />
        </svg>
      ))}
    </span>
  );
}
