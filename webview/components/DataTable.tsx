// The frame of every table in the views: a scrolling wrapper, a caption that screen readers read
// (it is hidden on screen, where the section's heading says the same), and one row of column headers.
import type { ComponentChildren } from 'preact';

export interface DataTableProps {
  /** The table's own class beside `pm-table`. */
  class: string;
  caption: string;
  columns: string[];
  /** The table's rows. */
  children: ComponentChildren;
}

export function DataTable({ class: cls, caption, columns, children }: DataTableProps) {
  return (
    <div class="pm-table-wrap">
      <table class={`pm-table ${cls}`}>
        <caption class="pm-sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
