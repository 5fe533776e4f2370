/** A form field with its label above it: the lists' search, sort and filter fields. */
import type { ReactNode } from 'react';

interface Props {
  /** The field's id, which the label names. */
  id: string;
  label: string;
  /** How the pair sits in its row (its width); by default it takes what its track gives. */
  className?: string;
  children: ReactNode;
}

export default function LabelledField({ id, label, className = 'min-w-0', children }: Props) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}
