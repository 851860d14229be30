import { useId, type InputHTMLAttributes } from 'react';

export interface ChoiceGroupProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  legend: string;
  options: readonly string[];
  error?: string | undefined;
  required?: boolean;
  /** Lay short options (Sí / No) side by side. */
  inline?: boolean;
  name: string;
}

/** Radio buttons in a fieldset, its legend and error wired for assistive technology; `name` is the spec's field. */
export function ChoiceGroup({ legend, options, error, required, inline, ...input }: ChoiceGroupProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset
      className="choice-group"
      role="radiogroup"
      aria-labelledby={`${id}-legend`}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      aria-required={required || undefined}
    >
      <legend id={`${id}-legend`}>
        {legend}
        {required ? (
          <span className="required-mark" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </legend>
      <div className={inline ? 'choice-row' : 'choice-group'}>
        {options.map((option, i) => (
          <label key={option} className="choice" htmlFor={`${id}-${i}`}>
            <input id={`${id}-${i}`} type="radio" value={option} {...input} />
            <span>{option}</span>
          </label>
        ))}
      </div>
      {error ? (
        <span id={errorId} className="field-error">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
