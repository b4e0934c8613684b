// A titled region: a heading that names the section for screen readers.
import type { ComponentChildren } from 'preact';

export interface SectionProps {
  id: string;
  title: ComponentChildren;
  class?: string;
  children: ComponentChildren;
}

export function Section({ id, title, class: cls, children }: SectionProps) {
  return (
    <section class={`pm-section${cls ? ` ${cls}` : ''}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} class="pm-section-title" tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}
