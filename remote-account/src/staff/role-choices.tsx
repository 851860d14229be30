import { useId, type InputHTMLAttributes } from 'react';
import { allStaffRoles, staffRoles } from 'shared/staff-roles';

export interface RoleChoicesProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value'> {
  legend: string;
  error?: string | undefined;
  name: string;
}

/**
 * The panel's roles as checkboxes in a fieldset (the field holds the chosen roles' ids), each with what it allows, so an
 * admin grants the least a colleague needs; the legend and the error are wired for assistive technology.
 */
export function RoleChoices({ legend, error, ...input }: RoleChoicesProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className="staff-roles" aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend>
        {legend}
        <span className="required-mark" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      {allStaffRoles.map((role) => (
        <div key={role} className="field field--check staff-roles__choice">
          <input id={`${id}-${role}`} type="checkbox" value={role} aria-describedby={`${id}-${role}-what`} {...input} />
          <label htmlFor={`${id}-${role}`}>{staffRoles[role].label}</label>
          <small id={`${id}-${role}-what`} className="field-hint">
            {staffRoles[role].description}
          </small>
        </div>
      ))}
      {error ? (
        <span id={errorId} className="field-error">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
