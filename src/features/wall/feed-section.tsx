import type { ReactNode } from 'react';
import classes from './feed-section.module.css';

/** One of the wall's two feeds: a title, then the entries as a live log, or a line saying there are none. */
export function FeedSection({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  /** Shown instead of the log when there are no entries. */
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <section className={classes.section} aria-labelledby={id}>
      <h2 id={id} className={classes.sectionTitle}>
        {title}
      </h2>
      {empty !== null ? (
        <p className={classes.empty}>{empty}</p>
      ) : (
        // The log role sits on a wrapper: on the <ul> itself it would hide the list from assistive tech.
        <div className={classes.log} role="log" aria-labelledby={id}>
          <ul className={classes.list}>{children}</ul>
        </div>
      )}
    </section>
  );
}
