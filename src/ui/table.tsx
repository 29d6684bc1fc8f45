import type { ReactNode } from 'react';

/** A table with one header row of column titles; the caller gives the body rows. */
export function Table({ className, columns, children }: { className: string; columns: string[]; children: ReactNode }) {
  return (
    <table className={className}>
      <thead>
        <tr>
          {columns.map((title) => (
            <th key={title} scope="col">
              {title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
